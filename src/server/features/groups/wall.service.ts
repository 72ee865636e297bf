import { sql } from 'kysely';
import { AppError } from '#server/app-error.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import type { DatabaseHandle } from '#server/db/connect.ts';
import { isRowId, newRowId } from '#server/db/ids.ts';
import {
  keyAfter,
  listScope,
  readPage,
  readNewestFirst,
  type PageCursors,
} from '#server/db/keyset.ts';
import { ownPrayerForSharing } from '#server/features/prayers/prayers.service.ts';
import { personToday } from '#server/features/streaks/streaks.service.ts';
import type { PushSender } from '#server/push.ts';
import {
  anonymousName,
  formerMemberName,
  groupLimits,
  isLeaderRole,
} from '#shared/rules/groups.ts';
import type { Group, GroupPost, GroupReply, GroupReport } from '#shared/schemas/groups.ts';
import type { Page, PageRequest } from '#shared/schemas/pagination.ts';
import type { GroupEventBus } from './group-events.ts';
import { sendGroupNotice } from './group-notices.ts';
import { getGroup, personOf } from './groups.service.ts';
import { requireLeader, requireMember } from './membership.ts';

export type WallDeps = {
  db: Db;
  database: DatabaseHandle;
  clock: Clock;
  push: PushSender;
  events: GroupEventBus;
  cursors: PageCursors;
};

/** What a request removed with its author's account shows (decision 028). */
export const removedRequestText = 'This request was removed.';

const postNotFound = () => new AppError('NOT_FOUND', 'That request was not found.');
const replyNotFound = () => new AppError('NOT_FOUND', 'That reply was not found.');

const postColumns = [
  'group_posts.id',
  'group_posts.author_id',
  'group_posts.is_anonymous',
  'group_posts.text',
  'group_posts.answered_at',
  'group_posts.answer_note',
  'group_posts.hidden_at',
  'group_posts.prayed_count',
  'group_posts.reply_count',
  'group_posts.created_at',
  'group_posts.updated_at',
  'profiles.display_name',
  'profiles.profile_image_url',
] as const;

type PostRow = {
  id: string;
  author_id: string | null;
  is_anonymous: boolean;
  text: string;
  answered_at: string | null;
  answer_note: string | null;
  hidden_at: string | null;
  prayed_count: number;
  reply_count: number;
  created_at: string;
  updated_at: string;
  display_name: string | null;
  profile_image_url: string | null;
};

function postsOf(db: Db, groupId: string) {
  return db
    .selectFrom('group_posts')
    .leftJoin('profiles', 'profiles.user_id', 'group_posts.author_id')
    .select(postColumns)
    .where('group_posts.group_id', '=', groupId);
}

/** Who a post or reply is by, as the asker may see it. */
function authorAs(
  row: { author_id: string | null; display_name: string | null; profile_image_url: string | null },
  isAnonymous: boolean,
  userId: string,
) {
  if (row.author_id === null) return { author: null, author_name: formerMemberName };
  if (isAnonymous && row.author_id !== userId) return { author: null, author_name: anonymousName };
  const author = personOf({ ...row, user_id: row.author_id });
  return { author, author_name: author.display_name };
}

/** Which of these posts the asker prayed for on `today`. */
async function prayedByMe(
  db: Db,
  userId: string,
  today: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('group_prayed')
    .select('post_id')
    .where('user_id', '=', userId)
    .where('day', '=', today)
    .where('post_id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.post_id));
}

/**
 * How many of a post's newest "I prayed" are read for its names: five people almost always
 * among them, and a page's read is bounded however often its posts were prayed for.
 */
const prayedNamesDepth = 50;

type Prayed = {
  post_id: string;
  user_id: string;
  created_at: string | Date;
  display_name: string | null;
  profile_image_url: string | null;
};

const timeOf = (value: string | Date) =>
  value instanceof Date ? value.getTime() : Date.parse(value);

/**
 * Up to five names under each post (groupLimits.prayedNames): the people who prayed for it
 * latest first, each once, ties by id. One query for the page reads each post's newest
 * prayedNamesDepth along the (post, time) index; a post whose newest name fewer than five people
 * is read whole, in a second query.
 */
async function prayedNames(db: Db, postIds: readonly string[]): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>();
  if (postIds.length === 0) return names;
  const newest = postIds.map(
    (id) =>
      sql`select * from (select post_id, user_id, created_at from group_prayed where post_id = ${id} order by created_at desc limit ${prayedNamesDepth}) as newest`,
  );
  const { rows } = await sql<Prayed>`
    select prayed.post_id, prayed.user_id, prayed.created_at, profiles.display_name, profiles.profile_image_url
    from (${sql.join(newest, sql` union all `)}) as prayed
    left join profiles on profiles.user_id = prayed.user_id`.execute(db);
  const readWhole: string[] = [];
  for (const [postId, prayed] of Map.groupBy(rows, (row) => row.post_id)) {
    const chosen = latestPeople(prayed);
    if (chosen.length < groupLimits.prayedNames && prayed.length >= prayedNamesDepth) {
      readWhole.push(postId);
    } else {
      names.set(postId, chosen);
    }
  }
  if (readWhole.length > 0) {
    const { rows: whole } = await sql<Prayed>`
      select group_prayed.post_id, group_prayed.user_id, group_prayed.created_at, profiles.display_name, profiles.profile_image_url
      from group_prayed left join profiles on profiles.user_id = group_prayed.user_id
      where group_prayed.post_id in (${sql.join(readWhole)})`.execute(db);
    for (const [postId, prayed] of Map.groupBy(whole, (row) => row.post_id)) {
      names.set(postId, latestPeople(prayed));
    }
  }
  return names;
}

/** The names of the people who prayed latest, each once: newest first, then by id. */
function latestPeople(prayed: readonly Prayed[]): string[] {
  const sorted = [...prayed].sort(
    (a, b) =>
      timeOf(b.created_at) - timeOf(a.created_at) ||
      (a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0),
  );
  const seen = new Set<string>();
  const chosen: string[] = [];
  for (const row of sorted) {
    if (seen.has(row.user_id)) continue;
    seen.add(row.user_id);
    chosen.push(personOf(row).display_name);
    if (chosen.length === groupLimits.prayedNames) break;
  }
  return chosen;
}

/**
 * The page's posts as the asker sees them (`mine`: those they prayed for today), with up to
 * five names under each (prayedNames).
 */
async function shownPosts(
  db: Db,
  userId: string,
  rows: PostRow[],
  mine: ReadonlySet<string>,
): Promise<GroupPost[]> {
  if (rows.length === 0) return [];
  const named = rows
    .filter((row) => !row.is_anonymous && row.prayed_count > 0)
    .map((row) => row.id);
  const names = await prayedNames(db, named);
  return rows.map((row) => {
    const removed = row.author_id === null;
    return {
      id: row.id,
      ...authorAs(row, row.is_anonymous, userId),
      is_anonymous: row.is_anonymous,
      is_mine: row.author_id === userId,
      text: removed ? removedRequestText : row.text,
      answered_at: row.answered_at,
      answer_note: row.answer_note,
      hidden: row.hidden_at !== null,
      prayed_count: row.prayed_count,
      prayed_by_me_today: mine.has(row.id),
      prayed_names: row.is_anonymous ? [] : (names.get(row.id) ?? []),
      reply_count: row.reply_count,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  });
}

/** GET /api/groups/{id}/posts: the wall newest first; hidden ones to leaders only. */
export async function listPosts(
  deps: Pick<WallDeps, 'db' | 'clock' | 'cursors'> & { timeZone?: string | undefined },
  userId: string,
  groupId: string,
  request: PageRequest,
): Promise<Page<GroupPost>> {
  const role = await requireMember(deps.db, groupId, userId);
  const leads = isLeaderRole(role);
  const today = await personToday(deps, userId);
  // Whether the asker prayed for each today, read with the page (group_prayed's key): a query
  // of its own cost the wall a round trip.
  const mineToday = sql<boolean>`exists (select 1 from group_prayed where group_prayed.post_id = group_posts.id and group_prayed.user_id = ${userId} and group_prayed.day = ${today})`;
  let query = postsOf(deps.db, groupId).select(mineToday.as('prayed_by_me'));
  if (!leads) query = query.where('group_posts.hidden_at', 'is', null);
  const page = await readNewestFirst(
    deps.cursors,
    listScope('group-posts', groupId, leads ? 'leader' : 'member'),
    request,
    { time: 'created_at', table: 'group_posts' },
    query,
  );
  const mine = new Set(page.items.filter((row) => row.prayed_by_me).map((row) => row.id));
  return {
    items: await shownPosts(deps.db, userId, page.items, mine),
    next_cursor: page.next_cursor,
  };
}

/**
 * A group's page as its member first sees it (drawn by the server, decision 011's amendment):
 * the group and the first page of its wall, read as their API routes read them. Undefined for
 * anyone else, or an id that is no group's: the app asks, and says the group was not found.
 */
export async function groupPageOf(
  deps: Pick<WallDeps, 'db' | 'clock' | 'cursors'>,
  userId: string,
  groupId: string,
  request: PageRequest,
): Promise<{ group: Group; posts: Page<GroupPost> } | undefined> {
  try {
    const group = await getGroup(deps.db, userId, groupId);
    return { group, posts: await listPosts(deps, userId, groupId, request) };
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
    throw error;
  }
}

/** One post of the group as the asker may see it; 404 when hidden from them or elsewhere. */
async function readPost(
  deps: WallDeps,
  userId: string,
  groupId: string,
  postId: string,
  leads: boolean,
) {
  if (!isRowId(postId)) throw postNotFound();
  const row = await postsOf(deps.db, groupId)
    .where('group_posts.id', '=', postId)
    .executeTakeFirst();
  if (!row || (row.hidden_at !== null && !leads)) throw postNotFound();
  return row;
}

async function postAsShown(
  deps: WallDeps,
  userId: string,
  groupId: string,
  postId: string,
  leads: boolean,
) {
  const row = await readPost(deps, userId, groupId, postId, leads);
  const mine = await prayedByMe(deps.db, userId, await personToday(deps, userId), [row.id]);
  const [post] = await shownPosts(deps.db, userId, [row], mine);
  if (!post) throw postNotFound();
  return post;
}

/** POST /api/groups/{id}/posts: a request, or one from my prayer list; anonymous if chosen. */
export async function sharePost(
  deps: WallDeps,
  userId: string,
  groupId: string,
  input: {
    text?: string | undefined;
    prayer_request_id?: string | undefined;
    is_anonymous: boolean;
  },
): Promise<GroupPost> {
  const role = await requireMember(deps.db, groupId, userId);
  let text = input.text ?? '';
  let prayerRequestId: string | null = null;
  if (input.prayer_request_id !== undefined) {
    const prayer = await ownPrayerForSharing(deps.db, userId, input.prayer_request_id);
    prayerRequestId = prayer.id;
    if (text === '')
      text = Array.from([prayer.title, prayer.details].filter(Boolean).join('\n'))
        .slice(0, groupLimits.post)
        .join('');
  }
  const id = newRowId();
  const now = deps.clock.now().toISOString();
  await deps.db
    .insertInto('group_posts')
    .values({
      id,
      group_id: groupId,
      author_id: userId,
      is_anonymous: input.is_anonymous,
      text,
      prayer_request_id: prayerRequestId,
      answered_at: null,
      answer_note: null,
      hidden_at: null,
      hidden_by: null,
      prayed_count: 0,
      reply_count: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  deps.events.publish({ group_id: groupId, type: 'posts' });
  await sendGroupNotice(deps, {
    groupId,
    kind: 'group_request',
    actorId: userId,
    postId: id,
    to: 'members',
  });
  return postAsShown(deps, userId, groupId, id, isLeaderRole(role));
}

async function requireAuthor(deps: WallDeps, userId: string, groupId: string, postId: string) {
  const role = await requireMember(deps.db, groupId, userId);
  const row = await readPost(deps, userId, groupId, postId, isLeaderRole(role));
  if (row.author_id !== userId)
    throw new AppError('FORBIDDEN', 'Only the person who shared this request can do that.');
  return role;
}

/** PATCH /api/groups/{id}/posts/{postId} (its author): answered, and how; or not answered. */
export async function answerPost(
  deps: WallDeps,
  userId: string,
  groupId: string,
  postId: string,
  input: { answered: boolean; answer_note?: string | undefined },
): Promise<GroupPost> {
  const role = await requireAuthor(deps, userId, groupId, postId);
  const now = deps.clock.now().toISOString();
  await deps.db
    .updateTable('group_posts')
    .set({
      answered_at: input.answered ? now : null,
      answer_note: input.answered ? input.answer_note || null : null,
      updated_at: now,
    })
    .where('id', '=', postId)
    .execute();
  deps.events.publish({ group_id: groupId, type: 'posts' });
  if (input.answered)
    await sendGroupNotice(deps, {
      groupId,
      kind: 'group_update',
      actorId: userId,
      postId,
      to: 'members',
    });
  return postAsShown(deps, userId, groupId, postId, isLeaderRole(role));
}

/** DELETE /api/groups/{id}/posts/{postId} (its author), with its replies and prayers. */
export async function deletePost(deps: WallDeps, userId: string, groupId: string, postId: string) {
  await requireAuthor(deps, userId, groupId, postId);
  await deps.db.deleteFrom('group_posts').where('id', '=', postId).execute();
  deps.events.publish({ group_id: groupId, type: 'posts' });
}

/** POST /api/groups/{id}/posts/{postId}/prayed: once a day per person. */
export async function prayFor(
  deps: WallDeps,
  userId: string,
  groupId: string,
  postId: string,
): Promise<GroupPost> {
  await requireMember(deps.db, groupId, userId);
  const row = await readPost(deps, userId, groupId, postId, false);
  const day = await personToday(deps, userId);
  const counted = await deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('group_prayed')
      .values({ post_id: postId, user_id: userId, day, created_at: deps.clock.now().toISOString() })
      .onConflict((oc) => oc.columns(['post_id', 'user_id', 'day']).doNothing())
      .returning('post_id')
      .executeTakeFirst();
    if (!inserted) return false;
    await trx
      .updateTable('group_posts')
      .set((eb) => ({ prayed_count: eb('prayed_count', '+', 1) }))
      .where('id', '=', postId)
      .execute();
    return true;
  });
  if (!counted) throw new AppError('CONFLICT', 'You have already prayed for this today.');
  deps.events.publish({ group_id: groupId, type: 'prayed', post_id: postId });
  if (row.author_id && row.author_id !== userId)
    await sendGroupNotice(deps, {
      groupId,
      kind: 'group_prayed',
      actorId: userId,
      postId,
      to: { userId: row.author_id },
    });
  return postAsShown(deps, userId, groupId, postId, false);
}

type ReplyRow = {
  id: string;
  post_id: string;
  kind: 'encouragement' | 'update';
  author_id: string | null;
  text: string;
  hidden_at: string | null;
  created_at: string;
  display_name: string | null;
  profile_image_url: string | null;
  post_is_anonymous: boolean;
  post_author_id: string | null;
};

function repliesOf(db: Db, postId: string) {
  return db
    .selectFrom('group_replies')
    .innerJoin('group_posts', 'group_posts.id', 'group_replies.post_id')
    .leftJoin('profiles', 'profiles.user_id', 'group_replies.author_id')
    .select([
      'group_replies.id',
      'group_replies.post_id',
      'group_replies.kind',
      'group_replies.author_id',
      'group_replies.text',
      'group_replies.hidden_at',
      'group_replies.created_at',
      'profiles.display_name',
      'profiles.profile_image_url',
      'group_posts.is_anonymous as post_is_anonymous',
      'group_posts.author_id as post_author_id',
    ])
    .where('group_replies.post_id', '=', postId);
}

function shownReply(row: ReplyRow, userId: string): GroupReply {
  // The author of an anonymous request stays anonymous in their own updates on it.
  const anonymous =
    row.post_is_anonymous && row.author_id !== null && row.author_id === row.post_author_id;
  return {
    id: row.id,
    post_id: row.post_id,
    kind: row.kind,
    ...authorAs(row, anonymous, userId),
    is_mine: row.author_id === userId,
    text: row.text,
    hidden: row.hidden_at !== null,
    created_at: row.created_at,
  };
}

/** GET /api/groups/{id}/posts/{postId}/replies: oldest first, a page at a time. */
export async function listReplies(
  deps: WallDeps,
  userId: string,
  groupId: string,
  postId: string,
  request: PageRequest,
): Promise<Page<GroupReply>> {
  const role = await requireMember(deps.db, groupId, userId);
  const leads = isLeaderRole(role);
  const scope = listScope('group-replies', postId, leads ? 'leader' : 'member');
  // A cursor not made for this list is a 400 whatever the request it names.
  if (request.cursor !== undefined) (await deps.cursors.codec()).decode(scope, request.cursor);
  await readPost(deps, userId, groupId, postId, leads);
  const page = await readPage<ReplyRow>(
    deps.cursors,
    scope,
    request,
    (row) => ({ time: row.created_at, id: row.id }),
    (after, take) => {
      let query = repliesOf(deps.db, postId);
      if (!leads) query = query.where('group_replies.hidden_at', 'is', null);
      if (after)
        query = query.where(
          keyAfter(['group_replies.created_at', 'group_replies.id'], [after.time, after.id]),
        );
      return query
        .orderBy('group_replies.created_at')
        .orderBy('group_replies.id')
        .limit(take)
        .execute();
    },
  );
  return { items: page.items.map((row) => shownReply(row, userId)), next_cursor: page.next_cursor };
}

/** POST /api/groups/{id}/posts/{postId}/replies: an encouragement, or the author's update. */
export async function replyTo(
  deps: WallDeps,
  userId: string,
  groupId: string,
  postId: string,
  input: { kind: 'encouragement' | 'update'; text: string },
): Promise<GroupReply> {
  await requireMember(deps.db, groupId, userId);
  const post = await readPost(deps, userId, groupId, postId, false);
  if (input.kind === 'update' && post.author_id !== userId)
    throw new AppError('FORBIDDEN', 'Only the person who shared this request can post an update.');
  const id = newRowId();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('group_replies')
      .values({
        id,
        post_id: postId,
        group_id: groupId,
        author_id: userId,
        kind: input.kind,
        text: input.text,
        hidden_at: null,
        hidden_by: null,
        created_at: deps.clock.now().toISOString(),
      })
      .execute();
    await trx
      .updateTable('group_posts')
      .set((eb) => ({ reply_count: eb('reply_count', '+', 1) }))
      .where('id', '=', postId)
      .execute();
  });
  deps.events.publish({ group_id: groupId, type: 'replies', post_id: postId });
  if (input.kind === 'update')
    await sendGroupNotice(deps, {
      groupId,
      kind: 'group_update',
      actorId: userId,
      postId,
      to: 'members',
    });
  const row = await repliesOf(deps.db, postId)
    .where('group_replies.id', '=', id)
    .executeTakeFirstOrThrow();
  return shownReply(row, userId);
}

async function readReply(db: Db, groupId: string, replyId: string) {
  if (!isRowId(replyId)) throw replyNotFound();
  const row = await db
    .selectFrom('group_replies')
    .select(['id', 'post_id', 'author_id', 'hidden_at'])
    .where('id', '=', replyId)
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  if (!row) throw replyNotFound();
  return row;
}

/** DELETE /api/groups/{id}/replies/{replyId} (its author). */
export async function deleteReply(
  deps: WallDeps,
  userId: string,
  groupId: string,
  replyId: string,
) {
  await requireMember(deps.db, groupId, userId);
  const reply = await readReply(deps.db, groupId, replyId);
  if (reply.author_id !== userId) throw replyNotFound();
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('group_replies').where('id', '=', replyId).execute();
    await trx
      .updateTable('group_posts')
      .set((eb) => ({ reply_count: eb('reply_count', '-', 1) }))
      .where('id', '=', reply.post_id)
      .execute();
  });
  deps.events.publish({ group_id: groupId, type: 'replies', post_id: reply.post_id });
}

/** Leaders hide or show a request or a reply; hiding one settles the reports on it. */
export async function setHidden(
  deps: WallDeps,
  userId: string,
  groupId: string,
  target: { post_id: string } | { reply_id: string },
  hidden: boolean,
): Promise<void> {
  await requireLeader(deps.db, groupId, userId);
  const now = deps.clock.now().toISOString();
  const change = hidden
    ? { hidden_at: now, hidden_by: userId }
    : { hidden_at: null, hidden_by: null };
  let postId: string;
  if ('post_id' in target) {
    if (!isRowId(target.post_id)) throw postNotFound();
    const result = await deps.db
      .updateTable('group_posts')
      .set(change)
      .where('id', '=', target.post_id)
      .where('group_id', '=', groupId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw postNotFound();
    postId = target.post_id;
  } else {
    const reply = await readReply(deps.db, groupId, target.reply_id);
    await deps.db.updateTable('group_replies').set(change).where('id', '=', reply.id).execute();
    postId = reply.post_id;
  }
  if (hidden) {
    const column = 'post_id' in target ? 'post_id' : 'reply_id';
    const id = 'post_id' in target ? target.post_id : target.reply_id;
    await deps.db
      .updateTable('group_reports')
      .set({ resolved_at: now })
      .where('group_id', '=', groupId)
      .where(column, '=', id)
      .where('resolved_at', 'is', null)
      .execute();
  }
  deps.events.publish(
    'post_id' in target
      ? { group_id: groupId, type: 'posts' }
      : { group_id: groupId, type: 'replies', post_id: postId },
  );
}

/** POST /api/groups/{id}/reports: any member tells the leaders of a request or a reply. */
export async function report(
  deps: WallDeps,
  userId: string,
  groupId: string,
  input: { post_id?: string | undefined; reply_id?: string | undefined; reason: string },
): Promise<{ id: string }> {
  const role = await requireMember(deps.db, groupId, userId);
  if (input.post_id !== undefined)
    await readPost(deps, userId, groupId, input.post_id, isLeaderRole(role));
  if (input.reply_id !== undefined) await readReply(deps.db, groupId, input.reply_id);
  const target = input.post_id !== undefined ? ('post_id' as const) : ('reply_id' as const);
  const targetId = input.post_id ?? input.reply_id ?? '';
  const open = await deps.db
    .selectFrom('group_reports')
    .select('id')
    .where('reporter_id', '=', userId)
    .where(target, '=', targetId)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  if (open) return open;
  const id = newRowId();
  await deps.db
    .insertInto('group_reports')
    .values({
      id,
      group_id: groupId,
      post_id: input.post_id ?? null,
      reply_id: input.reply_id ?? null,
      reporter_id: userId,
      reason: input.reason,
      created_at: deps.clock.now().toISOString(),
      resolved_at: null,
    })
    .execute();
  return { id };
}

/** GET /api/groups/{id}/reports (leaders): the open ones, oldest first, at most 100. */
export async function listReports(
  deps: WallDeps,
  userId: string,
  groupId: string,
): Promise<{ items: GroupReport[] }> {
  await requireLeader(deps.db, groupId, userId);
  const rows = await deps.db
    .selectFrom('group_reports')
    .leftJoin('group_posts', 'group_posts.id', 'group_reports.post_id')
    .leftJoin('group_replies', 'group_replies.id', 'group_reports.reply_id')
    .select([
      'group_reports.id',
      'group_reports.post_id',
      'group_reports.reply_id',
      'group_reports.reason',
      'group_reports.created_at',
      'group_posts.text as post_text',
      'group_replies.text as reply_text',
    ])
    .where('group_reports.group_id', '=', groupId)
    .where('group_reports.resolved_at', 'is', null)
    .orderBy('group_reports.created_at')
    .limit(100)
    .execute();
  return {
    items: rows.map(({ post_text, reply_text, ...row }) => ({
      ...row,
      text: reply_text ?? post_text ?? '',
    })),
  };
}

/** POST /api/groups/{id}/reports/{reportId}/resolve (leaders). */
export async function resolveReport(
  deps: WallDeps,
  userId: string,
  groupId: string,
  reportId: string,
) {
  await requireLeader(deps.db, groupId, userId);
  if (!isRowId(reportId)) throw new AppError('NOT_FOUND', 'That report was not found.');
  const result = await deps.db
    .updateTable('group_reports')
    .set({ resolved_at: deps.clock.now().toISOString() })
    .where('id', '=', reportId)
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0)
    throw new AppError('NOT_FOUND', 'That report was not found.');
}
