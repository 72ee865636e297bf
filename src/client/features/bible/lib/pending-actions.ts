import { z } from 'zod';

/**
 * Issue 21 item 6: what a visitor asked the reader for before signing in (lib/pending-action.ts),
 * done when they are back on the same chapter.
 */
export const pendingSaveVerseKind = 'reader-save-verse';
export const pendingBookmarkKind = 'reader-bookmark';

const pendingVerseSchema = z.object({
  verse: z.number().int().positive(),
  text: z.string().min(1),
  reference: z.string().min(1),
});

const pendingChapterSchema = z.object({
  book_name: z.string().min(1),
  chapter_number: z.number().int().positive(),
});

/** The data came back from storage: its shape is checked, and anything else is dropped. */
export function parsePendingVerse(data: unknown): z.infer<typeof pendingVerseSchema> | null {
  return pendingVerseSchema.safeParse(data).data ?? null;
}

export function parsePendingChapter(data: unknown): z.infer<typeof pendingChapterSchema> | null {
  return pendingChapterSchema.safeParse(data).data ?? null;
}
