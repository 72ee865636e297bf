import type { Db } from '#server/db/connect.ts';
import { newRowId } from '#server/db/ids.ts';
import type { GroupRole } from '#server/db/types.ts';

/**
 * A group made straight in the database, for tests of one part of groups that should not wait
 * on another's routes: `owner` owns it and each of `others` joins with its role.
 */
export async function insertGroup(
  db: Db,
  owner: string,
  others: { userId: string; role?: GroupRole }[] = [],
  name = 'Home Group',
): Promise<string> {
  const id = newRowId();
  const now = new Date().toISOString();
  await db
    .insertInto('groups')
    .values({
      id,
      name,
      description: '',
      owner_id: owner,
      plan_id: null,
      plan_start_date: null,
      member_count: 1 + others.length,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('group_members')
    .values([
      { group_id: id, user_id: owner, role: 'owner', joined_at: now },
      ...others.map(({ userId, role = 'member' }, index) => ({
        group_id: id,
        user_id: userId,
        role,
        joined_at: new Date(Date.parse(now) + index + 1).toISOString(),
      })),
    ])
    .execute();
  return id;
}

/** Takes a member out of a group in the database, as a removal does (the count kept right). */
export async function deleteMembership(db: Db, groupId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('group_members')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .execute();
  await db
    .updateTable('groups')
    .set((eb) => ({ member_count: eb('member_count', '-', 1) }))
    .where('id', '=', groupId)
    .execute();
}
