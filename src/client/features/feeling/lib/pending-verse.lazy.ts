// A verse result waiting in the tab while its visitor signs in to save it (docs/product.md §4, pending actions),
// checked when it comes back (feeling-verse.ts). Loaded with import(): zod is not part of
// /feeling's first load.
import { z } from 'zod';
import { defaultTranslation, translationIds } from '#shared/bible/translations.ts';
import { moods } from '#shared/mood/moods.ts';

export const pendingVerseSchema = z.object({
  text: z.string().min(1).max(2000),
  reference: z.string().min(1).max(100),
  mood: z.enum(moods),
  themes: z.array(z.string().max(60)).max(10),
  /** A verse left waiting before there were translations has none: its text is the KJV's. */
  translation: z.enum(translationIds).default(defaultTranslation),
});
