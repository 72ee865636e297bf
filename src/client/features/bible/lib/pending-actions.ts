import { z } from 'zod/mini';

/**
 * Issue 21 item 6: what a visitor asked the reader for before signing in (lib/pending-action.ts),
 * done when they are back on the same chapter.
 */
export const pendingSaveVerseKind = 'reader-save-verse';
export const pendingBookmarkKind = 'reader-bookmark';

const pendingVerseSchema = z.object({
  verse: z.number().check(z.int(), z.positive()),
  text: z.string().check(z.minLength(1)),
  reference: z.string().check(z.minLength(1)),
});

const pendingChapterSchema = z.object({
  book_name: z.string().check(z.minLength(1)),
  chapter_number: z.number().check(z.int(), z.positive()),
});

/** The data came back from storage: its shape is checked, and anything else is dropped. */
export function parsePendingVerse(data: unknown): z.infer<typeof pendingVerseSchema> | null {
  return pendingVerseSchema.safeParse(data).data ?? null;
}

export function parsePendingChapter(data: unknown): z.infer<typeof pendingChapterSchema> | null {
  return pendingChapterSchema.safeParse(data).data ?? null;
}
