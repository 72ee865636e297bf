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
import { recordStreakDay } from '#server/features/streaks/streaks.service.ts';
import { referenceVerse } from '#shared/bible/reference-verse.ts';
import type {
  createJournalEntryRequestSchema,
  JournalEntry,
  JournalListItem,
  updateJournalEntryRequestSchema,
} from '#shared/schemas/journal.ts';
import type { Page, PageRequest } from '#shared/schemas/pagination.ts';

/** The requests as the shared schemas give them once parsed (trimmed, empty title as null). */
type NewJournalEntry = z.output<typeof createJournalEntryRequestSchema>;
type JournalEntryChanges = z.output<typeof updateJournalEntryRequestSchema>;

/** A journal entry as the journal shows it; the account export adds its owner. */
export const journalColumns = [
  'id',
  'title',
  'content',
  'emotion_tags',
  'verse_reference',
  'created_at',
  'updated_at',
] as const;

function entryNotFound(): AppError {
  return new AppError('NOT_FOUND', 'That journal entry was not found.');
}

/** What the journal list may be narrowed to: a search of title and content, and a tag. */
export type JournalListFilters = { q?: string | undefined; tag?: string | undefined };

/**
 * product §7 journal_entries select by user, newest first, a page at a time (decision 012); the id
 * keeps equal times in one order. `tag` keeps the entries that have it; `q` keeps those with
 * every word (db/full-text.ts) and marks where the words are. The cursor's scope names the
 * person and both filters, so a cursor is good only for the list it came from.
 */
export async function listJournalEntries(
  { db, dialect, cursors }: { db: Db; dialect: DialectName; cursors: PageCursors },
  userId: string,
  page: PageRequest & JournalListFilters,
): Promise<Page<JournalListItem>> {
  const { q, tag } = page;
  const words = q === undefined ? undefined : searchWords(q);
  const anyRows = db.selectFrom('journal_entries').select(journalColumns);
  let query = anyRows.where('user_id', '=', userId);
  if (tag !== undefined) {
    query = query.where(jsonListContains(dialect, 'journal_entries.emotion_tags', tag));
  }
  // A search of only punctuation has no word to find: an empty page.
  const findsNothing = words?.length === 0;
  if (words && !findsNothing) {
    query = query.where(hasSearchWords(dialect, 'journal_entries', userId, words));
  }
  const result = await readSearchPage(
    { db, dialect },
    {
      table: 'journal_entries',
      userId,
      words,
      page,
      isFiltered: tag !== undefined,
    },
    (candidates) =>
      readNewestFirst(
        cursors,
        listScope('journal', userId, q, tag),
        page,
        { time: 'created_at' },
        findsNothing ? null : candidates ? anyRows.where(candidates) : query,
      ),
  );
  if (!words) return result;
  return {
    ...result,
    items: result.items.map((entry) => ({
      ...entry,
      matches: {
        title: matchRanges(entry.title, words),
        content: matchRanges(entry.content, words),
      },
    })),
  };
}

/**
 * product §7 journal_entries insert; the owner is the session's user, never a field of the
 * request. Writing in the journal keeps the day's streak (decision 016), in the same
 * transaction: the entry and its streak day are kept together or not at all.
 */
export async function createJournalEntry(
  { db, clock }: { db: Db; clock: Clock },
  userId: string,
  entry: NewJournalEntry,
): Promise<JournalEntry> {
  const now = clock.now().toISOString();
  return db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('journal_entries')
      .values({
        id: newRowId(),
        user_id: userId,
        title: entry.title,
        content: entry.content,
        emotion_tags: entry.emotion_tags,
        verse_reference: entry.verse_reference,
        reference_verse: referenceVerse(entry.verse_reference),
        created_at: now,
        updated_at: now,
      })
      .returning(journalColumns)
      .executeTakeFirstOrThrow();
    await recordStreakDay({ db: trx, clock }, userId, 'journal');
    return created;
  });
}

/** product §7 journal_entries update by id (title, content, updated_at), only the user's own. */
export async function updateJournalEntry(
  { db, clock }: { db: Db; clock: Clock },
  userId: string,
  id: string,
  changes: JournalEntryChanges,
): Promise<JournalEntry> {
  if (!isRowId(id)) throw entryNotFound();
  const updated = await db
    .updateTable('journal_entries')
    .set({
      title: changes.title,
      content: changes.content,
      updated_at: clock.now().toISOString(),
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(journalColumns)
    .executeTakeFirst();
  if (!updated) throw entryNotFound();
  return updated;
}

/** Deletes one of the user's entries; someone else's id is as unknown as a made-up one. */
export async function deleteJournalEntry(db: Db, userId: string, id: string): Promise<void> {
  if (!isRowId(id)) throw entryNotFound();
  const result = await db
    .deleteFrom('journal_entries')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) throw entryNotFound();
}
