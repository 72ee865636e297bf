import { highlightsKind } from './highlights.ts';
import { journalKind } from './journal.ts';
import type { ExportKind } from './kind.ts';
import { notesKind } from './notes.ts';
import { prayersKind } from './prayers.ts';
import { savedVersesKind } from './saved-verses.ts';

/**
 * The kinds of the open exports, in the zip's order (decision 026): each is one module with its
 * rows in batches, its Markdown and its CSV. A new kind (the prayer list) is one more entry.
 */
export const exportKinds: readonly ExportKind[] = [
  notesKind,
  highlightsKind,
  journalKind,
  savedVersesKind,
  prayersKind,
];
