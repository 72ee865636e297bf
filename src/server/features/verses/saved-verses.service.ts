import type { z } from 'zod';
import type { createSavedVerseRequestSchema, SavedVerse } from '../../../shared/schemas/verses.ts';
import { AppError } from '../../app-error.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connect.ts';
import { isRowId, newRowId } from '../../db/ids.ts';

/** The request as the shared schema gives it once parsed (trimmed, empty optionals as null). */
type NewSavedVerse = z.output<typeof createSavedVerseRequestSchema>;

const savedVerseColumns = [
  'id',
  'text',
  'reference',
  'theme',
  'emotion_tag',
  'custom_note',
  'created_at',
] as const;

/**
 * product §7 saved_verses insert; the owner is the session's user, never a field of the request.
 * A person keeps a verse once (issue 21 item 2): when the reference is already in their
 * collection, that row is the answer and nothing is added. The unique index of migration 0008
 * decides, so two requests racing still leave one row.
 */
export async function createSavedVerse(
  { db, clock }: { db: Db; clock: Clock },
  userId: string,
  verse: NewSavedVerse,
): Promise<{ verse: SavedVerse; isNew: boolean }> {
  const inserted = await db
    .insertInto('saved_verses')
    .values({
      id: newRowId(),
      user_id: userId,
      text: verse.text,
      reference: verse.reference,
      theme: verse.theme,
      emotion_tag: verse.emotion_tag,
      custom_note: verse.custom_note,
      created_at: clock.now().toISOString(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'reference']).doNothing())
    .returning(savedVerseColumns)
    .executeTakeFirst();
  if (inserted) return { verse: inserted, isNew: true };
  const existing = await findSavedVerse(db, userId, verse.reference);
  // Deleted between the two statements (another tab's Delete): that request won the race.
  if (!existing) throw new AppError('CONFLICT', 'That verse changed meanwhile. Please try again.');
  return { verse: existing, isNew: false };
}

function findSavedVerse(
  db: Db,
  userId: string,
  reference: string,
): Promise<SavedVerse | undefined> {
  return db
    .selectFrom('saved_verses')
    .select(savedVerseColumns)
    .where('user_id', '=', userId)
    .where('reference', '=', reference)
    .executeTakeFirst();
}

/** Is this reference in the user's collection (every Save button asks, issue 21 item 2). */
export async function isVerseSaved(db: Db, userId: string, reference: string): Promise<boolean> {
  return (await findSavedVerse(db, userId, reference)) !== undefined;
}

/**
 * product §7 saved_verses select by user, newest first; the id keeps equal times in one order.
 * `limit` keeps a glance (a widget, the newest few) from loading them all.
 */
export async function listSavedVerses(
  db: Db,
  userId: string,
  { limit }: { limit?: number | undefined } = {},
): Promise<SavedVerse[]> {
  let query = db
    .selectFrom('saved_verses')
    .select(savedVerseColumns)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (limit !== undefined) query = query.limit(limit);
  return query.execute();
}

/** Deletes one of the user's saved verses; someone else's id is as unknown as a made-up one. */
export async function deleteSavedVerse(db: Db, userId: string, id: string): Promise<void> {
  if (!isRowId(id)) throw savedVerseNotFound();
  const result = await db
    .deleteFrom('saved_verses')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) throw savedVerseNotFound();
}

function savedVerseNotFound(): AppError {
  return new AppError('NOT_FOUND', 'That saved verse was not found.');
}
