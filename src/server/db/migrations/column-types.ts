import { sql, type ColumnDataType, type Expression, type RawBuilder } from 'kysely';
import type { DialectName } from '#server/db/dialect-plugin.ts';

/** The few column types that differ between SQLite and PostgreSQL, in one place. */
export type ColumnTypes = {
  timestamp: ColumnDataType | Expression<unknown>;
  boolean: ColumnDataType;
  json: ColumnDataType;
  /** Bytes: BLOB in SQLite, bytea in PostgreSQL. */
  blob: ColumnDataType;
  booleanLiteral: (value: boolean) => RawBuilder<unknown>;
};

export function columnTypes(dialect: DialectName): ColumnTypes {
  if (dialect === 'postgres') {
    return {
      timestamp: 'timestamptz',
      boolean: 'boolean',
      json: 'jsonb',
      blob: 'bytea',
      booleanLiteral: (value) => (value ? sql`true` : sql`false`),
    };
  }
  return {
    // SQLite keeps ISO-8601 UTC text, which sorts in time order.
    timestamp: 'text',
    boolean: 'integer',
    json: 'text',
    blob: 'blob',
    booleanLiteral: (value) => (value ? sql`1` : sql`0`),
  };
}
