import { AppError } from '#server/app-error.ts';
import { isRowId, newRowId } from '#server/db/ids.ts';
import { hashToken, randomToken } from '#server/security/tokens.ts';
import { groupLimits } from '#shared/rules/groups.ts';
import type { GroupInvite, InvitePreview } from '#shared/schemas/groups.ts';
import { addMember, lockPerson, type GroupDeps } from './groups.service.ts';
import { requireLeader } from './membership.ts';

/** The tokens randomToken() makes are 43 characters; anything far from it is no token of ours. */
const tokenPattern = /^[A-Za-z0-9_-]{20,100}$/;

const inviteGone = () =>
  new AppError('NOT_FOUND', 'This invite link is no longer valid. Ask the group for a new one.');

const inviteColumns = ['id', 'created_at', 'expires_at', 'max_uses', 'uses', 'revoked_at'] as const;

/** An invite whose time, uses and revocation still let someone in, at `now`. */
function isOpen(
  invite: { expires_at: string; max_uses: number | null; uses: number; revoked_at: string | null },
  now: string,
): boolean {
  return (
    invite.revoked_at === null &&
    invite.expires_at > now &&
    (invite.max_uses === null || invite.uses < invite.max_uses)
  );
}

/** GET /api/groups/{id}/invites (leaders): the links made, newest first, the last 50. */
export async function listInvites(
  deps: GroupDeps,
  userId: string,
  groupId: string,
): Promise<{ items: GroupInvite[] }> {
  await requireLeader(deps.db, groupId, userId);
  const items = await deps.db
    .selectFrom('group_invites')
    .select(inviteColumns)
    .where('group_id', '=', groupId)
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
  return { items };
}

/**
 * POST /api/groups/{id}/invites (leaders): a new link, valid `days` days, for `max_uses` joins
 * when given. Its token is in the answer only: the database keeps its SHA-256.
 */
export async function createInvite(
  deps: GroupDeps,
  userId: string,
  groupId: string,
  input: { days: number; max_uses: number | null },
): Promise<GroupInvite> {
  await requireLeader(deps.db, groupId, userId);
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const open = await deps.db
    .selectFrom('group_invites')
    .select(['expires_at', 'max_uses', 'uses', 'revoked_at'])
    .where('group_id', '=', groupId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .limit(groupLimits.openInvitesPerGroup + 1)
    .execute();
  if (open.filter((invite) => isOpen(invite, nowIso)).length >= groupLimits.openInvitesPerGroup) {
    throw new AppError(
      'CONFLICT',
      `A group can have at most ${groupLimits.openInvitesPerGroup} open invite links. Revoke one first.`,
    );
  }
  const token = randomToken();
  const invite = {
    id: newRowId(),
    created_at: nowIso,
    expires_at: new Date(now.getTime() + input.days * 24 * 60 * 60 * 1000).toISOString(),
    max_uses: input.max_uses,
    uses: 0,
    revoked_at: null,
  };
  await deps.db
    .insertInto('group_invites')
    .values({ ...invite, group_id: groupId, token_hash: hashToken(token), created_by: userId })
    .execute();
  return { ...invite, url: `/groups/join/${token}` };
}

/** DELETE /api/groups/{id}/invites/{inviteId} (leaders): the link no longer lets anyone in. */
export async function revokeInvite(
  deps: GroupDeps,
  userId: string,
  groupId: string,
  inviteId: string,
): Promise<void> {
  await requireLeader(deps.db, groupId, userId);
  if (!isRowId(inviteId)) throw new AppError('NOT_FOUND', 'That invite link was not found.');
  const result = await deps.db
    .updateTable('group_invites')
    .set({ revoked_at: deps.clock.now().toISOString() })
    .where('id', '=', inviteId)
    .where('group_id', '=', groupId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    const exists = await deps.db
      .selectFrom('group_invites')
      .select('id')
      .where('id', '=', inviteId)
      .where('group_id', '=', groupId)
      .executeTakeFirst();
    if (!exists) throw new AppError('NOT_FOUND', 'That invite link was not found.');
  }
}

async function openInvite(deps: GroupDeps, token: string) {
  if (!tokenPattern.test(token)) throw inviteGone();
  const invite = await deps.db
    .selectFrom('group_invites')
    .innerJoin('groups', 'groups.id', 'group_invites.group_id')
    .select([
      'group_invites.id',
      'group_invites.group_id',
      'group_invites.expires_at',
      'group_invites.max_uses',
      'group_invites.uses',
      'group_invites.revoked_at',
      'groups.name',
      'groups.member_count',
    ])
    .where('group_invites.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!invite || !isOpen(invite, deps.clock.now().toISOString())) throw inviteGone();
  return invite;
}

/**
 * GET /api/group-invites/{token}: what the link's page shows before joining, to whoever holds
 * a valid link, visitors included: the group's name and size, nothing of its members or words.
 */
export async function previewInvite(
  deps: GroupDeps,
  userId: string | undefined,
  token: string,
): Promise<InvitePreview> {
  const invite = await openInvite(deps, token);
  const isMember =
    userId !== undefined &&
    (await deps.db
      .selectFrom('group_members')
      .select('user_id')
      .where('group_id', '=', invite.group_id)
      .where('user_id', '=', userId)
      .executeTakeFirst()) !== undefined;
  return {
    group_name: invite.name,
    member_count: invite.member_count,
    expires_at: invite.expires_at,
    group_id: isMember ? invite.group_id : null,
  };
}

/**
 * POST /api/group-invites/{token}/accept: joins the group (already in it: nothing changes). One
 * transaction checks the link, counts its use (only while uses remain, so a link's last use is
 * taken once) and adds the member within the limits.
 */
export async function acceptInvite(
  deps: GroupDeps,
  userId: string,
  token: string,
): Promise<{ group_id: string }> {
  const invite = await openInvite(deps, token);
  const joined = await deps.db.transaction().execute(async (trx) => {
    // The same person joining twice at once (two taps): the second waits, then finds them in.
    await lockPerson(trx, deps.dialect, userId);
    const already = await trx
      .selectFrom('group_members')
      .select('user_id')
      .where('group_id', '=', invite.group_id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (already) return false;
    const nowIso = deps.clock.now().toISOString();
    let use = trx
      .updateTable('group_invites')
      .set((eb) => ({ uses: eb('uses', '+', 1) }))
      .where('id', '=', invite.id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', nowIso);
    if (invite.max_uses !== null) use = use.where('uses', '<', invite.max_uses);
    const used = await use.executeTakeFirst();
    if (Number(used.numUpdatedRows) === 0) throw inviteGone();
    await addMember(trx, deps.dialect, invite.group_id, userId, nowIso);
    return true;
  });
  if (joined) deps.events.publish({ group_id: invite.group_id, type: 'members' });
  return { group_id: invite.group_id };
}
