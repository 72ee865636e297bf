export {
  missingTestimonyMessage,
  testimonyFieldMax,
  testimonyLimits,
} from '#shared/rules/testimonies.ts';
import { z } from 'zod';
import {
  missingTestimonyMessage,
  testimonyFieldMax,
  testimonyLimits,
} from '#shared/rules/testimonies.ts';
import { pageSchema } from './pagination.ts';

export const testimonyStatus = z.enum(['pending', 'approved', 'declined']);
export type TestimonyStatus = z.infer<typeof testimonyStatus>;

/** A testimony as everyone may see it: never the author's user id. */
export const publicTestimonySchema = z.object({
  id: z.string(),
  feeling: z.string(),
  god_reminded: z.string(),
  author_name: z.string().nullable(),
  /** The author's profile picture, only when the testimony is not anonymous (decision 017). */
  author_image_url: z.string().nullable(),
  is_anonymous: z.boolean(),
  created_at: z.string(),
});
export type PublicTestimony = z.infer<typeof publicTestimonySchema>;

/** The author's own view (and the moderator's), with the review status. */
export const ownTestimonySchema = /* @__PURE__ */ publicTestimonySchema.extend({
  is_approved: z.boolean(),
  status: testimonyStatus,
});
export type OwnTestimony = z.infer<typeof ownTestimonySchema>;

/** GET /api/testimonies: approved testimonies, newest first, a page at a time (decision 012). */
export const publicTestimonyPageSchema = /* @__PURE__ */ pageSchema(publicTestimonySchema);
/** GET /api/testimonies/mine and GET /api/moderation/testimonies (the pending queue). */
export const ownTestimonyPageSchema = /* @__PURE__ */ pageSchema(ownTestimonySchema);

const textField = z
  .string({ error: missingTestimonyMessage })
  .trim()
  .min(1, missingTestimonyMessage)
  .max(testimonyFieldMax, `Please keep each answer under ${testimonyFieldMax} characters.`);

const authorNameText = z
  .string()
  .trim()
  .max(
    testimonyLimits.authorName,
    `Your name can be at most ${testimonyLimits.authorName} characters.`,
  );

/** product §5: author_name is null when anonymous or empty. */
function withAuthorName<T extends { is_anonymous: boolean; author_name?: string | null }>(
  value: T,
) {
  return { ...value, author_name: value.is_anonymous ? null : value.author_name || null };
}

/** The form as typed (the name kept even while hidden), checked by the same rules as the request. */
export const testimonyFormSchema = z
  .object({
    feeling: textField,
    god_reminded: textField,
    is_anonymous: z.boolean(),
    author_name: authorNameText,
  })
  .transform(withAuthorName);

/** product §5: both texts required after trimming; author_name null when anonymous or empty. */
export const createTestimonyRequestSchema = z
  .object({
    feeling: textField,
    god_reminded: textField,
    is_anonymous: z.boolean().default(true),
    author_name: authorNameText.nullish(),
  })
  .transform(withAuthorName);
export type CreateTestimonyRequest = z.input<typeof createTestimonyRequestSchema>;
