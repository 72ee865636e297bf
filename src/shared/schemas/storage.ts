import { z } from 'zod';

/** A stored file as the storage API answers it (spec §7): where it is, and its public address. */
export const storedFileSchema = z.object({
  path: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  etag: z.string(),
  created_at: z.string(),
  url: z.string(),
});
export type StoredFileAnswer = z.infer<typeof storedFileSchema>;

/** GET /api/storage/user-content?folder=: one's own folder, by name, a page at a time. */
export const storedFileListSchema = z.object({
  items: z.array(storedFileSchema.extend({ name: z.string() })),
});

/** DELETE /api/storage/user-content/{path}: the path removed. */
export const removedFileSchema = z.object({ path: z.string() });
