// The day's verse as /verse-of-day keeps it while its visitor signs in, checked when it comes
// back (daily-verse.ts). Loaded with import(): zod is not part of the page's first load.
import { z } from 'zod';
import { dailyVerseResponseSchema } from '#shared/schemas/verses.ts';

export { dailyVerseResponseSchema };

export const pendingSaveSchema = z.object({
  verse: dailyVerseResponseSchema,
  date: z.iso.datetime(),
});
