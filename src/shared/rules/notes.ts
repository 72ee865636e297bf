import { journalLimits } from './journal.ts';

/**
 * A note on a verse or a run of verses (docs/product.md §5, decision 024): its words, and its
 * tags by the journal's rules (at most 12, each 1 to 30 characters).
 */
export const noteLimits = {
  text: 5_000,
  tags: journalLimits.tags,
  tag: journalLimits.tag,
} as const;

/**
 * The most notes GET /api/notes/chapter/{book}/{chapter} gives in one answer: the reader's marks
 * come from `verses`, which lists every noted verse whatever the count; past this many the notes
 * themselves are read from /api/notes?book=.
 */
export const chapterNotesLimit = 200;
