/** Whether a database error is a unique-key violation, on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  // PostgreSQL: SQLSTATE 23505; better-sqlite3: SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY.
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** What a person sees while the database cannot be reached (answered with 503). */
export const databaseUnavailableMessage =
  'Grounded cannot reach its database right now. Please try again in a moment.';

/** Socket errors of a database that is down, restarting or unreachable. */
const networkErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs that say "the server is not there for you right now": the whole class 08
 * (connection exception), 57P01 admin_shutdown (pg_ctl stop), 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up or shutting down) and 53300 too_many_connections.
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code);
}

/**
 * SQLite: the busy timeout ran out (another process holds the write lock) or the disk is full.
 * Neither is the client's fault, and both may pass.
 */
const sqliteUnavailableCodes = new Set(['SQLITE_BUSY', 'SQLITE_FULL']);

/**
 * node-postgres and pg-pool report a lost or refused connection with plain Errors and no code;
 * these are their messages (pg 8, pg-pool 3), and Kysely's for a connection it gave up on.
 */
const lostConnectionMessage =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Postgres connection has been discarded)/;

/**
 * Whether an error means the database is unreachable rather than that the request or our code
 * is wrong: the API answers these with 503 SERVICE_UNAVAILABLE, and they pass by themselves
 * once the database is back (docs/reliability.md, the outage test).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (networkErrorCodes.has(code) || sqliteUnavailableCodes.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && isUnavailableSqlState(code)) return true;
  }
  if (typeof message === 'string' && lostConnectionMessage.test(message)) return true;
  // Node wraps the attempts on each address of a host name in an AggregateError, and pg-pool's
  // connection timeout keeps the socket error as its cause.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) {
    return true;
  }
  return isDatabaseUnavailable(cause, depth + 1);
}
