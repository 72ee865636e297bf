import { v7 as uuidv7 } from 'uuid';

/**
 * Ids of the rows people write (journal entries, saved verses, notifications and the rest):
 * UUID version 7, whose first 48 bits are the time in milliseconds (docs/decisions/008). New
 * rows land at the end of the primary-key index instead of on a random page of it, so a
 * SQLite checkpoint and a PostgreSQL page flush write fewer pages per row. Accounts keep
 * random (version 4) ids: a user id should not tell when the account was made.
 */
export function newRowId(): string {
  return uuidv7();
}

const rowIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a path parameter can be a row id at all (any UUID version: rows made before
 * version 7 ids keep their random ones). Anything else cannot name a row, and PostgreSQL
 * would refuse some of it (a NUL byte) rather than find nothing.
 */
export function isRowId(value: string): boolean {
  return rowIdPattern.test(value);
}
