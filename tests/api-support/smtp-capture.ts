import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = { from: string; to: string[]; raw: string };

export type SmtpCapture = {
  /** smtp://127.0.0.1:PORT, for config.smtpUrl. */
  url: string;
  /** Every message accepted so far, in order of arrival. */
  messages: CapturedMail[];
  /**
   * Resolves with the next message addressed to `to` whose raw text matches `matching` (or one
   * that already arrived, unread). Sign-ups mail a confirmation link, so tests name what they wait for.
   */
  nextMessageTo: (to: string, matching?: RegExp) => Promise<CapturedMail>;
  close: () => Promise<void>;
};

/** A real SMTP server on a free loopback port that keeps what it receives. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const taken = new Set<CapturedMail>();
  const waiting: { to: string; matching: RegExp; resolve: (mail: CapturedMail) => void }[] = [];
  const fits = (mail: CapturedMail, to: string, matching: RegExp) =>
    mail.to.includes(to) && matching.test(mail.raw);

  const deliver = (mail: CapturedMail) => {
    messages.push(mail);
    const index = waiting.findIndex((waiter) => fits(mail, waiter.to, waiter.matching));
    if (index === -1) return;
    const [waiter] = waiting.splice(index, 1);
    taken.add(mail);
    waiter?.resolve(mail);
  };

  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no self-signed certificate for the client to refuse.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        deliver({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    nextMessageTo: (to, matching = /./) => {
      const unread = messages.find((mail) => !taken.has(mail) && fits(mail, to, matching));
      if (unread) {
        taken.add(unread);
        return Promise.resolve(unread);
      }
      return new Promise((resolve) => waiting.push({ to, matching, resolve }));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable: soft line breaks and =XX escapes (the links in our e-mails are ASCII). */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The link to `path` (e.g. '/auth/confirm-email') in an e-mail and its token; throws when none. */
export function mailedLinkIn(raw: string, path: string): { link: string; token: string } {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = decodeQuotedPrintable(raw).match(
    new RegExp(`https?://[^\\s"<>]+${escaped}\\?token=([A-Za-z0-9_%-]+)`),
  );
  if (!match?.[1]) throw new Error(`no ${path} link in this e-mail:\n${raw}`);
  return { link: match[0], token: decodeURIComponent(match[1]) };
}

/** The password-reset link in an e-mail and its token; throws when there is none. */
export function resetLinkIn(raw: string): { link: string; token: string } {
  return mailedLinkIn(raw, '/auth/reset-password');
}
