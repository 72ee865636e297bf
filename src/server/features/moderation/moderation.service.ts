import { AppError } from '#server/app-error.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import { isRowId } from '#server/db/ids.ts';
import { listScope } from '#server/db/keyset.ts';
import { isModerator } from '#server/features/auth/auth.service.ts';
import {
  ownTestimonyColumns,
  readTestimonyPage,
  testimonyNotFound,
  toOwnTestimony,
  type TestimonyListDeps,
} from '#server/features/testimonies/testimonies.service.ts';
import type { Page, PageRequest } from '#shared/schemas/pagination.ts';
import type { OwnTestimony } from '#shared/schemas/testimonies.ts';

/** Moderators are users with role 'moderator' or an e-mail in MODERATOR_EMAILS; others get 403. */
export async function assertModerator(
  db: Db,
  userId: string,
  moderatorEmails: readonly string[],
): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select(['role', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || !isModerator(user, moderatorEmails)) {
    throw new AppError('FORBIDDEN', 'Only moderators can review testimonies.');
  }
}

/**
 * Testimonies waiting for review, newest first like every list (decision 012; it was oldest
 * first): a page at a time, back to the oldest.
 */
export async function listPendingTestimonies(
  deps: TestimonyListDeps,
  page: PageRequest,
): Promise<Page<OwnTestimony>> {
  const { items, next_cursor } = await readTestimonyPage(
    deps,
    listScope('moderation', 'pending'),
    page,
    {
      status: 'pending',
    },
  );
  return { items: items.map(toOwnTestimony), next_cursor };
}

export type ModerationDecision = 'approve' | 'decline';

/** Approves (shown publicly) or declines (never shown) a testimony; is_approved follows status. */
export async function moderateTestimony(
  { db, clock }: { db: Db; clock: Clock },
  id: string,
  decision: ModerationDecision,
): Promise<OwnTestimony> {
  if (!isRowId(id)) throw testimonyNotFound();
  const approved = decision === 'approve';
  const row = await db
    .updateTable('testimonies')
    .set({
      status: approved ? 'approved' : 'declined',
      is_approved: approved,
      moderated_at: clock.now().toISOString(),
    })
    .where('id', '=', id)
    .returning(ownTestimonyColumns)
    .executeTakeFirst();
  if (!row) throw testimonyNotFound();
  return toOwnTestimony(row);
}

export type RoleChange = { email: string; role: 'moderator' | 'member' };

/**
 * Sets a user's role by e-mail (trimmed, lower-case, as accounts are stored); used by
 * scripts/grant-moderator.ts. Returns false when no account has that e-mail.
 */
export async function setUserRole(
  { db, clock }: { db: Db; clock: Clock },
  { email, role }: RoleChange,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ role, updated_at: clock.now().toISOString() })
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
