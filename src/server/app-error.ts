import { errorStatus, type ErrorCode } from '#shared/errors.ts';

/** The one error type services throw; the error handler turns it into { error, message }. */
export class AppError extends Error {
  readonly code: ErrorCode;
  /** For a refusal that passes (RATE_LIMITED): when to try again, sent as Retry-After. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, options: { retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get statusCode(): number {
    return errorStatus[this.code];
  }
}
