import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from './config.ts';

export type Mail = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  /** Sends one e-mail; rejects when the mail server refuses it. */
  send: (mail: Mail) => Promise<void>;
  /** Where e-mails go: 'smtp' or the outbox folder. */
  describe: () => string;
};

/**
 * Through SMTP when SMTP_URL is set; otherwise each e-mail is written to DATA_DIR/outbox as an
 * .eml file (open it with any mail program), so password reset works on a laptop with no mail
 * server. The log names the file, never the link inside it: links carry secret tokens.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      send: async (mail) => {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      },
      describe: () => 'smtp',
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    send: async (mail) => {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      await fs.mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log.info({ file, subject: mail.subject }, 'e-mail written to the outbox (no SMTP_URL set)');
    },
    describe: () => outbox,
  };
}
