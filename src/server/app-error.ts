import { errorStatus, type ErrorCode } from '../shared/errors.ts';

/** The one error type services throw; the error handler turns it into { error, message }. */
export class AppError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
  }

  get statusCode(): number {
    return errorStatus[this.code];
  }
}
