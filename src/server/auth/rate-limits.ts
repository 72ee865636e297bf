/**
 * How often a client may try what an attacker would repeat (decision 009). Sign-up, sign-in and
 * reset requests per client address, and per-person writes, are counted per server instance (in
 * memory); failed password checks and reset e-mails are counted in the database
 * (auth/attempt-counters.ts), so that no number of instances multiplies them.
 */
export type RateLimits = {
  signUpPerIp: number;
  signInPerIp: number;
  /** Failed password checks (sign-in, account deletion) for one account from one address. */
  passwordFailuresPerAccountAndIp: number;
  /**
   * Failed password checks for one account from browsers that never signed in to it, from all
   * addresses together. Past it, such browsers wait; a browser that signed in to the account
   * before (its device cookie) is not locked out by strangers' failures.
   */
  passwordFailuresPerAccount: number;
  /** Failed password checks for one account from one browser that signed in to it before. */
  passwordFailuresPerDevice: number;
  resetPerIp: number;
  /** Reset requests for one e-mail from one address; past it, that address waits (429). */
  resetPerEmailAndIp: number;
  /**
   * Reset e-mails sent to one address from browsers it never signed in from. Past it, requests
   * are answered as always but mail nothing: the links already sent still work, so the owner is
   * never locked out, and nobody can flood a mailbox.
   */
  resetMailsPerEmail: number;
  /** New e-mail confirmation links one person may ask for. */
  confirmationMailsPerUser: number;
  window: {
    signUp: number;
    signIn: number;
    reset: number;
    passwordFailures: number;
    confirmationMails: number;
  };
  /** Writes per person (per address for visitors) to one route in a minute (plugins/write-limits.ts). */
  writesPerMinute: number;
  /** Testimonies one person may submit in an hour: they go to a person's moderation queue. */
  testimoniesPerHour: number;
};

const minute = 60_000;

export const defaultRateLimits: RateLimits = {
  signUpPerIp: 20,
  signInPerIp: 30,
  passwordFailuresPerAccountAndIp: 10,
  passwordFailuresPerAccount: 30,
  passwordFailuresPerDevice: 10,
  resetPerIp: 10,
  resetPerEmailAndIp: 3,
  resetMailsPerEmail: 10,
  confirmationMailsPerUser: 3,
  window: {
    signUp: 60 * minute,
    signIn: 15 * minute,
    reset: 60 * minute,
    passwordFailures: 15 * minute,
    confirmationMails: 60 * minute,
  },
  writesPerMinute: 60,
  testimoniesPerHour: 5,
};

/**
 * The write limits multiplied by WRITE_LIMIT_SCALE: load tests and the browser suite play many
 * people writing, and signing up, from one address far faster than anyone does, so they raise
 * them; the limiter still runs and costs what it costs. Password guesses are never scaled.
 */
export function scaleWriteLimits(limits: RateLimits, scale: number): RateLimits {
  return {
    ...limits,
    signUpPerIp: limits.signUpPerIp * scale,
    writesPerMinute: limits.writesPerMinute * scale,
    testimoniesPerHour: limits.testimoniesPerHour * scale,
  };
}
