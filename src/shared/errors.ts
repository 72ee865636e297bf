/** Error codes the API answers with, each with the HTTP status it maps to. */
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  /** The client sent its request too slowly (Node's request timeout). */
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  /** Web Push needs VAPID keys this server was not given. */
  PUSH_NOT_CONFIGURED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /** Request line and headers over Node's 16 KB limit (usually too many or too big cookies). */
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** The one JSON shape of every error the API sends. */
export type ApiErrorBody = {
  error: ErrorCode;
  message: string;
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorStatus, value);
}
