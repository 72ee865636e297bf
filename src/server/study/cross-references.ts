// OpenBible.info's cross-references (decision 023), read from the committed file the first time
// they are asked for (2 MB, a few milliseconds) and kept for the process.
import fs from 'node:fs';
import path from 'node:path';
import { decodeCrossReferences, type CrossReferenceRows } from './cross-reference-file.ts';

const file = path.join(import.meta.dirname, 'data', 'cross-references.bin');

let rows: CrossReferenceRows | null = null;

export function crossReferenceRows(): CrossReferenceRows {
  rows ??= decodeCrossReferences(fs.readFileSync(file));
  return rows;
}

export type VerseRun = { first: number; last: number; votes: number };

/** A verse's references, best voted first: `limit` of them from `offset`, and how many in all. */
export function crossReferencesOf(
  verse: number,
  page: { offset: number; limit: number },
): { total: number; items: VerseRun[] } {
  const { offsets, firsts, lasts, votes } = crossReferenceRows();
  const start = offsets[verse] ?? 0;
  const end = offsets[verse + 1] ?? start;
  const items: VerseRun[] = [];
  for (let at = start + page.offset; at < end && items.length < page.limit; at += 1) {
    items.push({ first: firsts[at] ?? 0, last: lasts[at] ?? 0, votes: votes[at] ?? 0 });
  }
  return { total: end - start, items };
}

/** The votes of a verse's best reference, or -1 when it has none. */
export function bestReferenceVotes(verse: number): number {
  const { offsets, votes } = crossReferenceRows();
  const start = offsets[verse] ?? 0;
  return start < (offsets[verse + 1] ?? start) ? (votes[start] ?? -1) : -1;
}
