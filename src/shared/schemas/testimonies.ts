import { z } from 'zod';

export const testimonyFieldMax = 2000;
export const missingTestimonyMessage =
  'Please fill in both how you felt and what God reminded you of.';

export const testimonyStatus = z.enum(['pending', 'approved', 'declined']);
export type TestimonyStatus = z.infer<typeof testimonyStatus>;

/** A testimony as everyone may see it: never the author's user id. */
export const publicTestimonySchema = z.object({
  id: z.string(),
  feeling: z.string(),
  god_reminded: z.string(),
  author_name: z.string().nullable(),
  is_anonymous: z.boolean(),
  created_at: z.string(),
});
export type PublicTestimony = z.infer<typeof publicTestimonySchema>;

/** The author's own view (and the moderator's), with the review status. */
export const ownTestimonySchema = publicTestimonySchema.extend({
  is_approved: z.boolean(),
  status: testimonyStatus,
});
export type OwnTestimony = z.infer<typeof ownTestimonySchema>;

const textField = z
  .string({ error: missingTestimonyMessage })
  .trim()
  .min(1, missingTestimonyMessage)
  .max(testimonyFieldMax, `Please keep each answer under ${testimonyFieldMax} characters.`);

/** spec §5: both texts required after trimming; author_name null when anonymous or empty. */
export const createTestimonyRequestSchema = z
  .object({
    feeling: textField,
    god_reminded: textField,
    is_anonymous: z.boolean().default(true),
    author_name: z.string().trim().max(80, 'Your name can be at most 80 characters.').nullish(),
  })
  .transform((value) => ({
    ...value,
    author_name: value.is_anonymous ? null : value.author_name || null,
  }));
export type CreateTestimonyRequest = z.input<typeof createTestimonyRequestSchema>;
