import type { z } from 'zod';
import type { pendingChapterSchema, pendingVerseSchema } from './pending-actions.lazy.ts';

/**
 * What a visitor asked the reader for before signing in (lib/pending-action.ts),
 * done when they are back on the same chapter.
 */
export const pendingSaveVerseKind = 'reader-save-verse';
export const pendingBookmarkKind = 'reader-bookmark';

type PendingVerse = z.infer<typeof pendingVerseSchema>;
type PendingChapter = z.infer<typeof pendingChapterSchema>;

/** The data came back from storage: its shape is checked, and anything else is dropped. */
export async function parsePendingVerse(data: unknown): Promise<PendingVerse | null> {
  const { pendingVerseSchema } = await import('./pending-actions.lazy.ts');
  return pendingVerseSchema.safeParse(data).data ?? null;
}

export async function parsePendingChapter(data: unknown): Promise<PendingChapter | null> {
  const { pendingChapterSchema } = await import('./pending-actions.lazy.ts');
  return pendingChapterSchema.safeParse(data).data ?? null;
}
