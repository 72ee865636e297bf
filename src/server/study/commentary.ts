// Matthew Henry's Concise Commentary (decision 023), read from the committed file the first time
// it is asked for, or once the server listens (3.9 MB of plain text, parsed in tens of
// milliseconds), and kept for the process.
import fs from 'node:fs';
import path from 'node:path';

/** A note on verses from–to of a chapter; from = to = 0 is the chapter's introduction. */
export type CommentaryNote = { from: number; to: number; paragraphs: string[] };

/** A note as the file stores it: [from, to, ...paragraphs]. */
export type NoteRow = [number, number, ...string[]];

type CommentaryFile = {
  manifest: Record<string, unknown>;
  /** books[bookIndex][chapter - 1]: the chapter's notes in order. */
  books: NoteRow[][][];
};

const file = path.join(import.meta.dirname, 'data', 'mhcc.json');

let commentary: CommentaryFile | null = null;

/** Reads the file once; later calls return what was read. */
export function loadCommentary(): CommentaryFile {
  commentary ??= JSON.parse(fs.readFileSync(file, 'utf8')) as CommentaryFile;
  return commentary;
}

/** A chapter's notes in order (its introduction first, when it has one); [] for no such chapter. */
export function commentaryOnChapter(bookIndex: number, chapter: number): CommentaryNote[] {
  if (!Number.isInteger(bookIndex) || !Number.isInteger(chapter)) return [];
  const rows = loadCommentary().books[bookIndex]?.[chapter - 1] ?? [];
  return rows.map(([from, to, ...paragraphs]) => ({ from, to, paragraphs }));
}
