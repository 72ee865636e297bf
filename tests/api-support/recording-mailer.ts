import type { Mail, Mailer } from '#server/mailer.ts';

export type RecordingMailer = Mailer & {
  sent: Mail[];
  /**
   * The token of the newest link to `path` (e.g. '/auth/confirm-email') mailed to `to`, waiting
   * briefly for it: some e-mails are sent after the answer, so that timing tells nothing.
   */
  tokenFor: (to: string, path: string) => Promise<string>;
  /** The tokens of every link to `path` mailed to `to` so far, oldest first. */
  tokensFor: (to: string, path: string) => string[];
};

/** Keeps every e-mail in memory instead of sending it. */
export function createRecordingMailer(): RecordingMailer {
  const sent: Mail[] = [];
  const tokensFor = (to: string, path: string): string[] =>
    sent.flatMap((mail) => {
      const match = mail.text.match(/https?:\/\/[^\s]+?(\/[^\s?]*)\?token=([A-Za-z0-9_%-]+)/);
      return mail.to === to && match?.[1] === path && match[2]
        ? [decodeURIComponent(match[2])]
        : [];
    });
  return {
    sent,
    send: async (mail) => {
      sent.push(mail);
    },
    describe: () => 'memory',
    tokensFor,
    tokenFor: async (to, path) => {
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const token = tokensFor(to, path).at(-1);
        if (token) return token;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`no e-mail to ${to} with a link to ${path}`);
    },
  };
}
