import { z } from 'zod';
import { pageSizeDefault, pageSizeMax } from '#shared/rules/pagination.ts';

export { pageSizeDefault, pageSizeMax } from '#shared/rules/pagination.ts';

const pageSizeMessage = `Choose a page size from 1 to ${pageSizeMax}.`;

/** `?limit=&cursor=` on every list route; `cursor` is the previous page's next_cursor. */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: pageSizeMessage })
    .int(pageSizeMessage)
    .min(1, pageSizeMessage)
    .max(pageSizeMax, pageSizeMessage)
    .default(pageSizeDefault),
  cursor: z.string().max(1000, 'This page cursor is not valid.').optional(),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

/** What the services take: a page size already checked, and the cursor as the client sent it. */
export type PageRequest = { limit: number; cursor?: string | undefined };

/** A search term for the lists that can be searched (`?q=`): trimmed, empty means none. */
export const searchTermSchema = z
  .string()
  .trim()
  .max(200, 'Search for at most 200 characters.')
  .optional()
  .transform((value) => (value ? value : undefined));

/** One page of a list, as every list route answers it. */
export type Page<T> = {
  items: T[];
  /** Pass as `cursor` for the next (older) page; null when there are no more. */
  next_cursor: string | null;
};

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable() });
}

/** [start, end) character offsets of matched words in a field, for highlighting search results. */
export const matchRangesSchema = z.array(z.tuple([z.number().int(), z.number().int()]));
export type MatchRanges = z.infer<typeof matchRangesSchema>;
