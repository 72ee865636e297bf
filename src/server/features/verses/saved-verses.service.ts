import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { createSavedVerseRequestSchema, SavedVerse } from '../../../shared/schemas/verses.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connect.ts';

/** The request as the shared schema gives it once parsed (trimmed, empty optionals as null). */
type NewSavedVerse = z.output<typeof createSavedVerseRequestSchema>;

/** spec §7 saved_verses insert; the owner is the session's user, never a field of the request. */
export async function createSavedVerse(
  { db, clock }: { db: Db; clock: Clock },
  userId: string,
  verse: NewSavedVerse,
): Promise<SavedVerse> {
  return db
    .insertInto('saved_verses')
    .values({
      id: randomUUID(),
      user_id: userId,
      text: verse.text,
      reference: verse.reference,
      theme: verse.theme,
      emotion_tag: verse.emotion_tag,
      custom_note: verse.custom_note,
      created_at: clock.now().toISOString(),
    })
    .returning(['id', 'text', 'reference', 'theme', 'emotion_tag', 'custom_note', 'created_at'])
    .executeTakeFirstOrThrow();
}
