import { z } from 'zod';

export const passageQuerySchema = z.object({
  reference: z.string().trim().min(1, 'Give a Bible reference.').max(200),
});

export const verseSegmentSchema = z.object({
  text: z.string(),
  italic: z.literal(true).optional(),
});

export const passageVerseSchema = z.object({
  book: z.string(),
  chapter: z.number().int(),
  verse: z.number().int(),
  text: z.string(),
  segments: z.array(verseSegmentSchema),
  is_paragraph_start: z.boolean(),
});

export const passageResponseSchema = z.object({
  reference: z.string(),
  verses: z.array(passageVerseSchema),
});
export type PassageResponse = z.infer<typeof passageResponseSchema>;
