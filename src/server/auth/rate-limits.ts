/**
 * Attempts allowed per client address and per e-mail before answering 429. Counted per server
 * instance (in memory); with N instances behind a load balancer the effective limit is N times.
 */
export type AuthRateLimits = {
  signUpPerIp: number;
  signInPerIp: number;
  signInPerEmail: number;
  resetPerIp: number;
  resetPerEmail: number;
  window: { signUp: number; signIn: number; reset: number };
};

const minute = 60_000;

export const defaultAuthRateLimits: AuthRateLimits = {
  signUpPerIp: 20,
  signInPerIp: 30,
  signInPerEmail: 10,
  resetPerIp: 10,
  resetPerEmail: 3,
  window: { signUp: 60 * minute, signIn: 15 * minute, reset: 60 * minute },
};
