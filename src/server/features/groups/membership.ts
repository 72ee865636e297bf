import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/connect.ts';
import { isRowId } from '#server/db/ids.ts';
import type { GroupRole } from '#server/db/types.ts';
import { isLeaderRole } from '#shared/rules/groups.ts';

/**
 * Who may see a group (decision 028): its members and nobody else. Anyone else, a removed member
 * included, is told the group is not there, so a guessed or old id tells them nothing.
 */
export function groupNotFound(): AppError {
  return new AppError('NOT_FOUND', 'That group was not found.');
}

/** The person's role in the group, read fresh on every request; 404 when they are not in it. */
export async function requireMember(db: Db, groupId: string, userId: string): Promise<GroupRole> {
  if (!isRowId(groupId)) throw groupNotFound();
  const row = await db
    .selectFrom('group_members')
    .select('role')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw groupNotFound();
  return row.role;
}

/** As requireMember, and 403 unless the person is a leader or the owner. */
export async function requireLeader(db: Db, groupId: string, userId: string): Promise<GroupRole> {
  const role = await requireMember(db, groupId, userId);
  if (!isLeaderRole(role)) throw new AppError('FORBIDDEN', 'Only the group’s leaders can do that.');
  return role;
}

/** As requireMember, and 403 unless the person owns the group. */
export async function requireOwner(db: Db, groupId: string, userId: string): Promise<void> {
  const role = await requireMember(db, groupId, userId);
  if (role !== 'owner') throw new AppError('FORBIDDEN', 'Only the group’s owner can do that.');
}
