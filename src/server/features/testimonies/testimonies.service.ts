import type { z } from 'zod';
import { AppError } from '#server/app-error.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import { isRowId, newRowId } from '#server/db/ids.ts';
import { listScope, readNewestFirst, type PageCursors } from '#server/db/keyset.ts';
import type { Page, PageRequest } from '#shared/schemas/pagination.ts';
import {
  testimonyStatus,
  type createTestimonyRequestSchema,
  type OwnTestimony,
  type PublicTestimony,
  type TestimonyStatus,
} from '#shared/schemas/testimonies.ts';

/** The request as the shared schema gives it once parsed (trimmed, author_name null if anonymous). */
type NewTestimony = z.output<typeof createTestimonyRequestSchema>;

/** What anyone may see: never the author's user id. */
export const publicTestimonyColumns = [
  'id',
  'feeling',
  'god_reminded',
  'author_name',
  'is_anonymous',
  'created_at',
] as const;

/** The author's and the moderator's view: the public fields plus the review state. */
export const ownTestimonyColumns = [...publicTestimonyColumns, 'is_approved', 'status'] as const;

type OwnTestimonyRow = Omit<OwnTestimony, 'status' | 'author_image_url'> & {
  status: string;
  /** The author's profile picture, read beside the row (decision 017); absent on a write's row. */
  profile_image_url?: string | null;
};

/**
 * The status column is text; anything unexpected is treated as not yet reviewed. The author's
 * picture goes with a testimony only when it is not anonymous: the picture's address names
 * the author's account.
 */
export function toOwnTestimony({ profile_image_url, ...row }: OwnTestimonyRow): OwnTestimony {
  const parsed = testimonyStatus.safeParse(row.status);
  const status: TestimonyStatus = parsed.success ? parsed.data : 'pending';
  const author_image_url = row.is_anonymous ? null : (profile_image_url ?? null);
  return { ...row, author_image_url, status };
}

export type TestimonyListDeps = { db: Db; cursors: PageCursors };

/**
 * A page of testimonies in one status (or of one author's), newest first by (created_at, id):
 * each reads straight off its (status|user_id, created_at desc, id desc) index (decision 012).
 */
export function readTestimonyPage(
  { db, cursors }: TestimonyListDeps,
  scope: string,
  page: PageRequest,
  filter: { status: TestimonyStatus } | { userId: string },
): Promise<Page<OwnTestimonyRow>> {
  const query = db
    .selectFrom('testimonies')
    .leftJoin('profiles', 'profiles.user_id', 'testimonies.user_id')
    .select(ownTestimonyColumns.map((column) => `testimonies.${column}` as const))
    .select('profiles.profile_image_url');
  return readNewestFirst(
    cursors,
    scope,
    page,
    { time: 'created_at', table: 'testimonies' },
    'status' in filter
      ? query.where('testimonies.status', '=', filter.status)
      : query.where('testimonies.user_id', '=', filter.userId),
  );
}

/** product §7 testimonies select approved: public, newest first; declined and pending never show. */
export async function listApprovedTestimonies(
  deps: TestimonyListDeps,
  page: PageRequest,
): Promise<Page<PublicTestimony>> {
  const { items, next_cursor } = await readTestimonyPage(
    deps,
    listScope('testimonies', 'approved'),
    page,
    {
      status: 'approved',
    },
  );
  // Never the review state: the public fields only.
  const toPublic = (row: OwnTestimonyRow): PublicTestimony => {
    const { is_approved: _approved, status: _status, ...shown } = toOwnTestimony(row);
    return shown;
  };
  return { items: items.map(toPublic), next_cursor };
}

/** product §7 testimonies select by user: all of the user's own, newest first, with their status. */
export async function listOwnTestimonies(
  deps: TestimonyListDeps,
  userId: string,
  page: PageRequest,
): Promise<Page<OwnTestimony>> {
  const { items, next_cursor } = await readTestimonyPage(
    deps,
    listScope('testimonies', 'mine', userId),
    page,
    {
      userId,
    },
  );
  return { items: items.map(toOwnTestimony), next_cursor };
}

/**
 * product §4/§7 testimonies insert: always stored unapproved and pending review. The texts are
 * stored exactly as given (after trimming); rendering them as text is the client's job.
 */
export async function createTestimony(
  { db, clock }: { db: Db; clock: Clock },
  userId: string,
  testimony: NewTestimony,
): Promise<OwnTestimony> {
  const row = await db
    .insertInto('testimonies')
    .values({
      id: newRowId(),
      user_id: userId,
      feeling: testimony.feeling,
      god_reminded: testimony.god_reminded,
      author_name: testimony.author_name,
      is_anonymous: testimony.is_anonymous,
      is_approved: false,
      status: 'pending',
      moderated_at: null,
      created_at: clock.now().toISOString(),
    })
    .returning(ownTestimonyColumns)
    .executeTakeFirstOrThrow();
  return toOwnTestimony(row);
}

export function testimonyNotFound(): AppError {
  return new AppError('NOT_FOUND', 'That testimony was not found.');
}

/**
 * The Terms let an author withdraw a testimony by deleting it (product §4). Only the
 * author's own row goes; someone else's id answers as an unknown one, so ids reveal nothing.
 * The public list and the moderation queue read the table directly, so it leaves both at once.
 */
export async function deleteOwnTestimony(db: Db, userId: string, id: string): Promise<void> {
  if (!isRowId(id)) throw testimonyNotFound();
  const result = await db
    .deleteFrom('testimonies')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) throw testimonyNotFound();
}
