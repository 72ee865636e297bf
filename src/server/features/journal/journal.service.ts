import type { z } from 'zod';
import type {
  createJournalEntryRequestSchema,
  JournalEntry,
  updateJournalEntryRequestSchema,
} from '../../../shared/schemas/journal.ts';
import type { Page, PageRequest } from '../../../shared/schemas/pagination.ts';
import { AppError } from '../../app-error.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connect.ts';
import { isRowId, newRowId } from '../../db/ids.ts';
import { olderThan, readPage, type PageCursors } from '../../db/keyset.ts';

/** The requests as the shared schemas give them once parsed (trimmed, empty title as null). */
type NewJournalEntry = z.output<typeof createJournalEntryRequestSchema>;
type JournalEntryChanges = z.output<typeof updateJournalEntryRequestSchema>;

const journalColumns = [
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

/**
 * product §7 journal_entries select by user, newest first, a page at a time (issue 23); the id
 * keeps equal times in one order.
 */
export async function listJournalEntries(
  { db, cursors }: { db: Db; cursors: PageCursors },
  userId: string,
  page: PageRequest,
): Promise<Page<JournalEntry>> {
  return readPage(
    cursors,
    `journal:${userId}`,
    page,
    (row) => ({ time: row.created_at, id: row.id }),
    (after, take) => {
      let query = db
        .selectFrom('journal_entries')
        .select(journalColumns)
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(take);
      if (after) query = query.where(olderThan('created_at', 'id', after));
      return query.execute();
    },
  );
}

/** product §7 journal_entries insert; the owner is the session's user, never a field of the request. */
export async function createJournalEntry(
  { db, clock }: { db: Db; clock: Clock },
  userId: string,
  entry: NewJournalEntry,
): Promise<JournalEntry> {
  const now = clock.now().toISOString();
  return db
    .insertInto('journal_entries')
    .values({
      id: newRowId(),
      user_id: userId,
      title: entry.title,
      content: entry.content,
      emotion_tags: entry.emotion_tags,
      verse_reference: entry.verse_reference,
      created_at: now,
      updated_at: now,
    })
    .returning(journalColumns)
    .executeTakeFirstOrThrow();
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
