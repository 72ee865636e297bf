// A visitor's testimony as typed, waiting while they sign in (docs/product.md §4, pending actions), checked when it
// comes back (testimony-form.tsx). Loaded with import(): zod is not part of /testimony's first
// load.
import { z } from 'zod';

export const draftSchema = z.object({
  feeling: z.string(),
  god_reminded: z.string(),
  is_anonymous: z.boolean(),
  author_name: z.string(),
});
