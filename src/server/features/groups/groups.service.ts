import { AppError } from '#server/app-error.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import type { DialectName } from '#server/db/dialect-plugin.ts';
import { isRowId, newRowId } from '#server/db/ids.ts';
import { keyAfter, listScope, readPage, type PageCursors } from '#server/db/keyset.ts';
import type { GroupRole } from '#server/db/types.ts';
import { isLibraryPlanId, libraryPlanSummary } from '#shared/plans/library.ts';
import { groupLimits } from '#shared/rules/groups.ts';
import type {
  Group,
  GroupMember,
  GroupPerson,
  GroupPlan,
  GroupSummary,
} from '#shared/schemas/groups.ts';
import type { Page, PageRequest } from '#shared/schemas/pagination.ts';
import type { GroupEventBus } from './group-events.ts';
import { groupNotFound, requireLeader, requireMember, requireOwner } from './membership.ts';

export type GroupDeps = {
  db: Db;
  dialect: DialectName;
  clock: Clock;
  events: GroupEventBus;
  cursors: PageCursors;
};

/** What a person is called in a group when they have no profile name. */
const unnamed = 'A member';

export const tooManyGroups = () =>
  new AppError(
    'CONFLICT',
    `You can be in at most ${groupLimits.groupsPerPerson} groups. Leave one to create or join another.`,
  );
export const groupFull = () =>
  new AppError(
    'CONFLICT',
    `This group is full: a group can have at most ${groupLimits.membersPerGroup} members.`,
  );

/** A person as their groups see them: the profile's name and picture, never the e-mail. */
export function personOf(row: {
  user_id: string;
  display_name: string | null;
  profile_image_url: string | null;
}): GroupPerson {
  return {
    user_id: row.user_id,
    display_name: row.display_name?.trim() || unnamed,
    profile_image_url: row.profile_image_url ?? null,
  };
}

function planOf(planId: string | null, startDate: string | null): GroupPlan | null {
  if (!planId || !startDate || !isLibraryPlanId(planId)) return null;
  const summary = libraryPlanSummary(planId);
  return { plan_id: planId, title: summary.title, start_date: startDate, days: summary.days };
}

/** GET /api/groups: the person's groups, newest joined first (at most 20 by the limit). */
export async function listGroups(db: Db, userId: string): Promise<{ items: GroupSummary[] }> {
  const rows = await db
    .selectFrom('group_members')
    .innerJoin('groups', 'groups.id', 'group_members.group_id')
    .select([
      'groups.id',
      'groups.name',
      'groups.description',
      'groups.member_count',
      'group_members.role',
      'group_members.joined_at',
    ])
    .where('group_members.user_id', '=', userId)
    .orderBy('group_members.joined_at', 'desc')
    .orderBy('groups.id', 'desc')
    .limit(groupLimits.groupsPerPerson)
    .execute();
  return {
    items: rows.map(({ role, ...row }) => ({ ...row, my_role: role })),
  };
}

/** How many groups the person is in, read in the transaction that would add one. */
async function groupsOf(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('group_members')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Serializes the joins of one person on PostgreSQL (their own limit of 20): two joins at once
 * lock the same row, so the second counts after the first committed. SQLite runs one write
 * transaction at a time already.
 */
export async function lockPerson(db: Db, dialect: DialectName, userId: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/**
 * Refuses a person already in 20 groups, counted after their row is locked (PostgreSQL) so that
 * two of their joins or creations at once cannot both pass. For the caller's transaction.
 */
async function ensureRoomForAnotherGroup(
  trx: Db,
  dialect: DialectName,
  userId: string,
): Promise<void> {
  await lockPerson(trx, dialect, userId);
  if ((await groupsOf(trx, userId)) >= groupLimits.groupsPerPerson) throw tooManyGroups();
}

/** POST /api/groups: the creator is its owner. */
export async function createGroup(
  deps: GroupDeps,
  userId: string,
  input: { name: string; description: string },
): Promise<Group> {
  const id = newRowId();
  const now = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await ensureRoomForAnotherGroup(trx, deps.dialect, userId);
    await trx
      .insertInto('groups')
      .values({
        id,
        name: input.name,
        description: input.description,
        owner_id: userId,
        plan_id: null,
        plan_start_date: null,
        member_count: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto('group_members')
      .values({ group_id: id, user_id: userId, role: 'owner', joined_at: now })
      .execute();
  });
  return getGroup(deps.db, userId, id);
}

/** GET /api/groups/{id}. */
export async function getGroup(db: Db, userId: string, groupId: string): Promise<Group> {
  if (!isRowId(groupId)) throw groupNotFound();
  const row = await db
    .selectFrom('groups')
    .innerJoin('group_members as me', (join) =>
      join.onRef('me.group_id', '=', 'groups.id').on('me.user_id', '=', userId),
    )
    .leftJoin('profiles as owner', 'owner.user_id', 'groups.owner_id')
    .select([
      'groups.id',
      'groups.name',
      'groups.description',
      'groups.member_count',
      'groups.owner_id',
      'groups.plan_id',
      'groups.plan_start_date',
      'groups.created_at',
      'me.role',
      'me.joined_at',
      'owner.display_name',
      'owner.profile_image_url',
    ])
    .where('groups.id', '=', groupId)
    .executeTakeFirst();
  if (!row) throw groupNotFound();
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    member_count: row.member_count,
    my_role: row.role,
    joined_at: row.joined_at,
    owner: personOf({
      user_id: row.owner_id,
      display_name: row.display_name,
      profile_image_url: row.profile_image_url,
    }),
    plan: planOf(row.plan_id, row.plan_start_date),
    created_at: row.created_at,
  };
}

/** PATCH /api/groups/{id} (the owner): a new name or description. */
export async function updateGroup(
  deps: GroupDeps,
  userId: string,
  groupId: string,
  changes: { name?: string | undefined; description?: string | undefined },
): Promise<Group> {
  await requireOwner(deps.db, groupId, userId);
  await deps.db
    .updateTable('groups')
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.description === undefined ? {} : { description: changes.description }),
      updated_at: deps.clock.now().toISOString(),
    })
    .where('id', '=', groupId)
    .execute();
  deps.events.publish({ group_id: groupId, type: 'group' });
  return getGroup(deps.db, userId, groupId);
}

/** DELETE /api/groups/{id} (the owner): all of it; every open page of it closes. */
export async function deleteGroup(deps: GroupDeps, userId: string, groupId: string): Promise<void> {
  await requireOwner(deps.db, groupId, userId);
  await deps.db.deleteFrom('groups').where('id', '=', groupId).execute();
  deps.events.publish({ group_id: groupId, type: 'removed' });
}

/** Takes one member out, the count kept right, in the caller's transaction. */
async function dropMember(db: Db, groupId: string, userId: string): Promise<boolean> {
  const removed = await db
    .deleteFrom('group_members')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) return false;
  await db
    .updateTable('groups')
    .set((eb) => ({ member_count: eb('member_count', '-', 1) }))
    .where('id', '=', groupId)
    .execute();
  return true;
}

/**
 * POST /api/groups/{id}/leave. The owner passes the group on first, unless alone in it: then
 * leaving deletes it.
 */
export async function leaveGroup(deps: GroupDeps, userId: string, groupId: string): Promise<void> {
  const role = await requireMember(deps.db, groupId, userId);
  if (role === 'owner') {
    // Deleted only while they are alone in it, so someone joining meanwhile is not lost with it.
    const deleted = await deps.db
      .deleteFrom('groups')
      .where('id', '=', groupId)
      .where('member_count', '<=', 1)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) {
      throw new AppError('CONFLICT', 'Pass the group on to another member before you leave.');
    }
    deps.events.publish({ group_id: groupId, type: 'removed' });
    return;
  }
  await deps.db.transaction().execute((trx) => dropMember(trx, groupId, userId));
  deps.events.publish({ group_id: groupId, type: 'removed', user_id: userId });
  deps.events.publish({ group_id: groupId, type: 'members' });
}

/** A group's members as the group sees them: role, joining, and the profile's name and picture. */
function membersOf(db: Db, groupId: string) {
  return db
    .selectFrom('group_members')
    .leftJoin('profiles', 'profiles.user_id', 'group_members.user_id')
    .select([
      'group_members.user_id',
      'group_members.role',
      'group_members.joined_at',
      'profiles.display_name',
      'profiles.profile_image_url',
    ])
    .where('group_members.group_id', '=', groupId);
}

type MemberRow = {
  user_id: string;
  role: GroupRole;
  joined_at: string;
  display_name: string | null;
  profile_image_url: string | null;
};

/** GET /api/groups/{id}/members: everyone in it, oldest joined first, a page at a time. */
export async function listMembers(
  deps: Pick<GroupDeps, 'db' | 'cursors'>,
  userId: string,
  groupId: string,
  request: PageRequest,
): Promise<Page<GroupMember>> {
  await requireMember(deps.db, groupId, userId);
  const page = await readPage<MemberRow>(
    deps.cursors,
    listScope('group-members', groupId),
    request,
    (row) => ({ time: row.joined_at, id: row.user_id }),
    (after, take) => {
      let query = membersOf(deps.db, groupId);
      if (after) {
        query = query.where(
          keyAfter(['group_members.joined_at', 'group_members.user_id'], [after.time, after.id]),
        );
      }
      return query
        .orderBy('group_members.joined_at')
        .orderBy('group_members.user_id')
        .limit(take)
        .execute();
    },
  );
  return {
    items: page.items.map((row) => ({
      ...personOf(row),
      role: row.role,
      joined_at: row.joined_at,
    })),
    next_cursor: page.next_cursor,
  };
}

async function roleOf(db: Db, groupId: string, userId: string): Promise<GroupRole | undefined> {
  if (!isRowId(userId)) return undefined;
  const row = await db
    .selectFrom('group_members')
    .select('role')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role;
}

const memberNotFound = () => new AppError('NOT_FOUND', 'That member was not found in this group.');

/** PATCH /api/groups/{id}/members/{userId} (the owner): name a leader, or a member again. */
export async function changeRole(
  deps: GroupDeps,
  userId: string,
  groupId: string,
  memberId: string,
  role: 'leader' | 'member',
): Promise<GroupMember> {
  await requireOwner(deps.db, groupId, userId);
  const current = await roleOf(deps.db, groupId, memberId);
  if (!current) throw memberNotFound();
  if (current === 'owner') throw new AppError('CONFLICT', 'The owner’s role cannot be changed.');
  await deps.db
    .updateTable('group_members')
    .set({ role })
    .where('group_id', '=', groupId)
    .where('user_id', '=', memberId)
    .execute();
  deps.events.publish({ group_id: groupId, type: 'members' });
  const row = await membersOf(deps.db, groupId)
    .where('group_members.user_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return { ...personOf(row), role: row.role, joined_at: row.joined_at };
}

/**
 * DELETE /api/groups/{id}/members/{userId}: leaders remove members, only the owner removes a
 * leader, nobody removes the owner. The removed member's open page closes at once.
 */
export async function removeMember(
  deps: GroupDeps,
  userId: string,
  groupId: string,
  memberId: string,
): Promise<void> {
  const myRole = await requireLeader(deps.db, groupId, userId);
  const theirRole = await roleOf(deps.db, groupId, memberId);
  if (!theirRole) throw memberNotFound();
  if (memberId === userId) throw new AppError('CONFLICT', 'To leave the group, choose Leave.');
  if (theirRole === 'owner') throw new AppError('FORBIDDEN', 'The owner cannot be removed.');
  if (theirRole === 'leader' && myRole !== 'owner')
    throw new AppError('FORBIDDEN', 'Only the group’s owner can remove a leader.');
  await deps.db.transaction().execute((trx) => dropMember(trx, groupId, memberId));
  // Their open stream closes at once; everyone else's page refetches its members.
  deps.events.publish({ group_id: groupId, type: 'removed', user_id: memberId });
  deps.events.publish({ group_id: groupId, type: 'members' });
}

/** POST /api/groups/{id}/owner (the owner): another member owns it; the old owner leads. */
export async function passOwnership(
  deps: GroupDeps,
  userId: string,
  groupId: string,
  heirId: string,
): Promise<Group> {
  await requireOwner(deps.db, groupId, userId);
  if (heirId === userId) throw new AppError('CONFLICT', 'You already own this group.');
  if (!(await roleOf(deps.db, groupId, heirId))) throw memberNotFound();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('group_members')
      .set({ role: 'leader' })
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .execute();
    await trx
      .updateTable('group_members')
      .set({ role: 'owner' })
      .where('group_id', '=', groupId)
      .where('user_id', '=', heirId)
      .execute();
    await trx
      .updateTable('groups')
      .set({ owner_id: heirId, updated_at: deps.clock.now().toISOString() })
      .where('id', '=', groupId)
      .execute();
  });
  deps.events.publish({ group_id: groupId, type: 'members' });
  return getGroup(deps.db, userId, groupId);
}

/**
 * Adds a person to a group within the caller's transaction, or refuses past the limits: their
 * 20 groups, the group's 500 members. The count goes up only while under 500 (one conditional
 * update), so two joins racing for the last seat cannot both pass on either database.
 */
export async function addMember(
  trx: Db,
  dialect: DialectName,
  groupId: string,
  userId: string,
  joinedAt: string,
): Promise<void> {
  await ensureRoomForAnotherGroup(trx, dialect, userId);
  const seat = await trx
    .updateTable('groups')
    .set((eb) => ({ member_count: eb('member_count', '+', 1) }))
    .where('id', '=', groupId)
    .where('member_count', '<', groupLimits.membersPerGroup)
    .executeTakeFirst();
  if (Number(seat.numUpdatedRows) === 0) throw groupFull();
  await trx
    .insertInto('group_members')
    .values({ group_id: groupId, user_id: userId, role: 'member', joined_at: joinedAt })
    .execute();
}
