// What the reader keeps for a visitor while they sign in, checked when it comes back
// (pending-actions.ts). Loaded with import(): zod is not part of the reader's first load.
import { z } from 'zod';
import { defaultTranslation, translationIds } from '#shared/bible/translations.ts';

export const pendingVerseSchema = z.object({
  verse: z.number().int().positive(),
  text: z.string().min(1),
  reference: z.string().min(1),
  // Kept by a build from before there were translations, without it: those were KJV.
  translation: z.enum(translationIds).default(defaultTranslation),
});

export const pendingChapterSchema = z.object({
  book_name: z.string().min(1),
  chapter_number: z.number().int().positive(),
});
