import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SelectQueryBuilder } from 'kysely';
import type { Bible } from '#server/bible/bible.ts';
import type { Db } from '#server/db/connect.ts';
import { newestFirst, type NewestFirst } from '#server/db/keyset.ts';
import type { Cell } from './csv.ts';

/** Rows read per query: the export holds one batch of one kind at a time, as the JSON export. */
export const openExportBatchSize = 500;

/** What every kind reads and writes with: the member, and how to show verses and dates. */
export type ExportSource = {
  db: Db;
  userId: string;
  /** The translation the member reads in (Settings), for the verse text quoted. */
  bible: Bible;
  translationName: string;
  /** The member's time zone (their reminders'), for the dates written. */
  timeZone: string;
  exportedAt: Date;
};

/**
 * One kind of the member's data in the open exports (decision 026): its rows a batch at a time
 * in the files' order, and how a row is written in Markdown and in CSV. Adding a kind is one more
 * module in kinds.ts' list; the zip gets `${file}.md` or `${file}.csv`.
 */
export type ExportKind = {
  file: string;
  markdown: (source: ExportSource) => AsyncIterable<string>;
  csv: { header: readonly string[]; records: (source: ExportSource) => AsyncIterable<Cell[]> };
};

export type KindParts<Row> = {
  file: string;
  /** The member's rows in the files' order, a batch of at most openExportBatchSize at a time. */
  batches: (source: ExportSource) => AsyncIterable<Row[]>;
  /** The text before the rows (and what it says when there are none). */
  intro: (source: ExportSource, isEmpty: boolean) => string;
  /**
   * Each row's Markdown, given the row before it (null for the first), so that a kind grouped
   * by book or by day writes a group's heading when it changes.
   */
  markdownRow: (row: Row, previous: Row | null, source: ExportSource) => string;
  csvHeader: readonly string[];
  csvRow: (row: Row, source: ExportSource) => Cell[];
};

export function defineKind<Row>(parts: KindParts<Row>): ExportKind {
  return {
    file: parts.file,
    async *markdown(source) {
      let previous: Row | null = null;
      for await (const rows of parts.batches(source)) {
        let text = previous === null ? parts.intro(source, false) : '';
        for (const row of rows) {
          text += parts.markdownRow(row, previous, source);
          previous = row;
        }
        yield text;
      }
      if (previous === null) yield parts.intro(source, true);
    },
    csv: {
      header: parts.csvHeader,
      async *records(source) {
        for await (const rows of parts.batches(source)) {
          for (const row of rows) yield parts.csvRow(row, source);
        }
      },
    },
  };
}

/**
 * Reads a query's rows in keyset batches: `read(after)` gives the batch after the last row of
 * the one before (null for the first). Between batches other requests get their turn, as SQLite
 * reads synchronously.
 */
export async function* inBatches<Row>(
  read: (after: Row | null) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  let after: Row | null = null;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (rows.length < openExportBatchSize || last === undefined) return;
    after = last;
    await nextTurn();
  }
}

/**
 * A query's rows newest first by (created_at, id) in batches: the member's lists read this way
 * on their (user, created_at desc, id desc) index. The query gives the table, columns and owner.
 */
export function newestFirstBatches<
  DB,
  TB extends keyof DB,
  Row extends { id: string; created_at: string },
>(query: SelectQueryBuilder<DB, TB, Row>): AsyncGenerator<Row[]> {
  return inBatches((after) =>
    newestFirst(
      query,
      { time: 'created_at' as NewestFirst<Row>['time'] },
      after ? { time: after.created_at, id: after.id } : null,
      openExportBatchSize,
    ).execute(),
  );
}

/**
 * Formatters made once per time zone and style: an Intl.DateTimeFormat is a native object whose
 * memory the collector does not see, so one per row made a 10,000-note export grow by a gigabyte.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, made);
  }
  return made;
}

/** A day as the member reads it: 'November 28, 2026', in their time zone. */
export function longDay(iso: string, timeZone: string): string {
  return formatter('en-US', { dateStyle: 'long', timeZone }).format(new Date(iso));
}

/** The day alone, sortable: '2026-11-28', in the member's time zone. */
export function isoDay(iso: string, timeZone: string): string {
  return formatter('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(
    new Date(iso),
  );
}

/** The time of day as the member reads it: '8:14 AM', in their time zone. */
export function timeOfDay(iso: string, timeZone: string): string {
  return formatter('en-US', { timeStyle: 'short', timeZone }).format(new Date(iso));
}
