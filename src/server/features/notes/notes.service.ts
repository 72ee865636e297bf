import type { z } from 'zod';
import { AppError } from '#server/app-error.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import type { DialectName } from '#server/db/dialect-plugin.ts';
import {
  hasSearchWords,
  readSearchPage,
  jsonListContains,
  matchRanges,
  searchWords,
} from '#server/db/full-text.ts';
import { isRowId, newRowId } from '#server/db/ids.ts';
import { listScope, readNewestFirst, type PageCursors } from '#server/db/keyset.ts';
import { replaceItemTopics } from '#server/features/topics/topics.service.ts';
import { books } from '#shared/bible/books.ts';
import { verseCount } from '#shared/bible/verse-counts.ts';
import { verseAt, verseNumber } from '#shared/bible/verse-index.ts';
import { chapterNotesLimit } from '#shared/rules/notes.ts';
import type {
  ChapterNotes,
  createNoteRequestSchema,
  ListNotesQuery,
  Note,
  NoteListItem,
  updateNoteRequestSchema,
} from '#shared/schemas/notes.ts';
import type { Page } from '#shared/schemas/pagination.ts';

type NewNote = z.output<typeof createNoteRequestSchema>;
type NoteChanges = z.output<typeof updateNoteRequestSchema>;

/** A note as stored (decision 024); the account export adds its owner. */
export const noteColumns = [
  'id',
  'book_index',
  'first_verse',
  'last_verse',
  'text',
  'tags',
  'created_at',
  'updated_at',
] as const;

type NoteRow = {
  id: string;
  book_index: number;
  first_verse: number;
  last_verse: number;
  text: string;
  tags: string[];
  created_at: string;
  updated_at: string;
};

function noteNotFound(): AppError {
  return new AppError('NOT_FOUND', 'That note was not found.');
}

/** A stored note as the API shows it: its place named by book, chapter and verses. */
function shownNote({ first_verse, last_verse, ...row }: NoteRow): Note {
  const first = verseAt(first_verse);
  const last = verseAt(last_verse);
  const book = first && books[first.bookIndex];
  if (!first || !last || !book) throw new Error(`verse_notes ${row.id} names no verse`);
  const verses = last.verse > first.verse ? `${first.verse}–${last.verse}` : `${first.verse}`;
  return {
    id: row.id,
    book_name: book.name,
    book_index: row.book_index,
    chapter_number: first.chapter,
    verse_number: first.verse,
    end_verse_number: last.verse,
    reference: `${book.name} ${first.chapter}:${verses}`,
    text: row.text,
    tags: row.tags,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * The member's notes, newest first, a page at a time (decision 012). `book` keeps one book's
 * (read off the (user, book, time, id) index), `tag` the notes that have it, `q` those with
 * every word (db/full-text.ts, as the journal's search) and marks where the words are. The
 * cursor's scope names the person and every filter.
 */
export async function listNotes(
  { db, dialect, cursors }: { db: Db; dialect: DialectName; cursors: PageCursors },
  userId: string,
  page: ListNotesQuery,
): Promise<Page<NoteListItem>> {
  const { q, book, tag } = page;
  const words = q === undefined ? undefined : searchWords(q);
  const anyRows = db.selectFrom('verse_notes').select(noteColumns);
  let query = anyRows.where('user_id', '=', userId);
  if (book !== undefined) query = query.where('book_index', '=', book);
  if (tag !== undefined) query = query.where(jsonListContains(dialect, 'verse_notes.tags', tag));
  // A search of only punctuation has no word to find: an empty page.
  const findsNothing = words?.length === 0;
  if (words && !findsNothing) {
    query = query.where(hasSearchWords(dialect, 'verse_notes', userId, words));
  }
  const result = await readSearchPage(
    { db, dialect },
    {
      table: 'verse_notes',
      userId,
      words,
      page,
      isFiltered: book !== undefined || tag !== undefined,
    },
    (candidates) =>
      readNewestFirst(
        cursors,
        listScope('notes', userId, q, book, tag),
        page,
        { time: 'created_at' },
        findsNothing ? null : candidates ? anyRows.where(candidates) : query,
      ),
  );
  return {
    ...result,
    items: result.items.map((row) => {
      const note = shownNote(row);
      return words ? { ...note, matches: { text: matchRanges(note.text, words) } } : note;
    }),
  };
}

/** One of the member's notes; someone else's id is as unknown as a made-up one (404). */
export async function getNote(db: Db, userId: string, id: string): Promise<Note> {
  if (!isRowId(id)) throw noteNotFound();
  const row = await db
    .selectFrom('verse_notes')
    .select(noteColumns)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw noteNotFound();
  return shownNote(row);
}

/** A new note; the owner is the session's user, never a field of the request. */
export async function createNote(
  { db, clock }: { db: Db; clock: Clock },
  userId: string,
  note: NewNote,
): Promise<Note> {
  const now = clock.now().toISOString();
  const place = { bookIndex: note.book_index, chapter: note.chapter_number };
  // The note and its topics (decision 027) together or not at all.
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('verse_notes')
      .values({
        id: newRowId(),
        user_id: userId,
        book_index: note.book_index,
        first_verse: verseNumber({ ...place, verse: note.verse_number }),
        last_verse: verseNumber({ ...place, verse: note.end_verse_number }),
        text: note.text,
        tags: note.tags,
        created_at: now,
        updated_at: now,
      })
      .returning(noteColumns)
      .executeTakeFirstOrThrow();
    await replaceNoteTopics(trx, userId, inserted);
    return inserted;
  });
  return shownNote(row);
}

function replaceNoteTopics(db: Db, userId: string, note: NoteRow): Promise<void> {
  return replaceItemTopics(
    db,
    userId,
    { kind: 'note', id: note.id, verse: note.first_verse },
    note.tags,
  );
}

/** New words (and tags, when given) for one of the member's notes; the place stays. */
export async function updateNote(
  { db, clock }: { db: Db; clock: Clock },
  userId: string,
  id: string,
  changes: NoteChanges,
): Promise<Note> {
  if (!isRowId(id)) throw noteNotFound();
  const row = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('verse_notes')
      .set({
        text: changes.text,
        ...(changes.tags ? { tags: changes.tags } : {}),
        updated_at: clock.now().toISOString(),
      })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning(noteColumns)
      .executeTakeFirst();
    if (!updated) throw noteNotFound();
    if (changes.tags) await replaceNoteTopics(trx, userId, updated);
    return updated;
  });
  return shownNote(row);
}

/** Deletes one of the member's notes. */
export async function deleteNote(db: Db, userId: string, id: string): Promise<void> {
  if (!isRowId(id)) throw noteNotFound();
  const result = await db
    .deleteFrom('verse_notes')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) throw noteNotFound();
}

/**
 * The member's notes on one chapter, for the reader's marks (decision 024). A run stays in its
 * chapter, so the chapter's notes are those whose first verse is in it: one range of the
 * (user, first_verse, last_verse) index. `verses` comes from the distinct places alone (at most
 * one per run of the chapter's verses, however many notes), `notes` is bounded.
 */
export async function chapterNotes(
  db: Db,
  userId: string,
  chapter: { book_index: number; book_name: string; chapter_number: number },
): Promise<ChapterNotes> {
  const place = { bookIndex: chapter.book_index, chapter: chapter.chapter_number };
  const start = verseNumber({ ...place, verse: 1 });
  const end = start + verseCount(place.bookIndex, place.chapter) - 1;
  const inChapter = db
    .selectFrom('verse_notes')
    .where('user_id', '=', userId)
    .where('first_verse', '>=', start)
    .where('first_verse', '<=', end);
  const [rows, places] = await Promise.all([
    inChapter
      .select(noteColumns)
      .orderBy('first_verse')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(chapterNotesLimit + 1)
      .execute(),
    inChapter.select(['first_verse', 'last_verse']).distinct().execute(),
  ]);
  const verses = new Set<number>();
  for (const { first_verse: first, last_verse: last } of places) {
    for (let verse = first; verse <= Math.min(last, end); verse += 1) verses.add(verse - start + 1);
  }
  return {
    book_name: chapter.book_name,
    chapter_number: chapter.chapter_number,
    verses: [...verses].sort((a, b) => a - b),
    notes: rows.slice(0, chapterNotesLimit).map(shownNote),
    has_more: rows.length > chapterNotesLimit,
  };
}
