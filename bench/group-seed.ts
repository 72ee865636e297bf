// The group at scale (decision 028): the seeded member owns a group of 500 members (499 new
// accounts with profiles) whose prayer wall holds 10,000 requests over a year (one in ten
// anonymous, one in five answered) with 5,000 encouragements and 50,000 "I prayed" (distinct
// person, request and day). Rows go straight into the database through Kysely in one
// transaction, the counts kept on each request as the API keeps them. Deterministic.
import type { DatabaseHandle } from '#server/db/connect.ts';
import { newRowId } from '#server/db/ids.ts';
import type { Database } from '#server/db/types.ts';

export const groupSeedCounts = {
  members: 500,
  posts: 10_000,
  prayed: 50_000,
  replies: 5_000,
} as const;

const requests = [
  'Please pray for my mother as she recovers from surgery this week.',
  'Pray for wisdom as I decide about a new job.',
  'My son starts at a new school on Monday; pray he finds good friends.',
  'Pray for peace in our home and patience with each other.',
  'Asking for prayer for a friend who has lost her husband.',
  'Pray for our church’s food bank as winter comes.',
  'I have an exam on Thursday; pray I can rest and remember what I studied.',
  'Pray for healing for my back, and for sleep.',
];
const encouragements = [
  'Praying for you today.',
  'Holding you in prayer, friend.',
  'The Lord is near. Praying with you.',
  'Thank you for sharing this. I am praying.',
];

/** mulberry32, as list-seed.ts: the same rows every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function insertRows<T extends keyof Database>(
  trx: DatabaseHandle['db'],
  table: T,
  rows: Record<string, unknown>[],
) {
  const columns = Math.max(1, Object.keys(rows[0] ?? {}).length);
  const perStatement = Math.max(1, Math.floor(20_000 / columns));
  for (let i = 0; i < rows.length; i += perStatement) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + perStatement) as never)
      .execute();
  }
}

export type GroupSeed = { groupId: string; counts: Record<string, number> };

/** Seeds the group owned by `memberId`; the member's own account already exists. */
export async function seedGroup(database: DatabaseHandle, memberId: string): Promise<GroupSeed> {
  const next = random(28);
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const day = (ms: number) => iso(ms).slice(0, 10);
  const yearAgo = now - 365 * 24 * 3600_000;
  const groupId = newRowId();

  const others = Array.from({ length: groupSeedCounts.members - 1 }, (_, index) => ({
    id: newRowId(),
    email: `group-member-${index}-${groupId}@example.com`,
    email_verified: true,
    created_at: iso(yearAgo - 3600_000),
    updated_at: iso(yearAgo - 3600_000),
  }));
  const profiles = others.map((user, index) => ({
    user_id: user.id,
    email: user.email,
    display_name: `Member ${index + 1}`,
    profile_image_url: null,
    updated_at: user.updated_at,
  }));
  const memberIds = [memberId, ...others.map((user) => user.id)];
  const members = memberIds.map((userId, index) => ({
    group_id: groupId,
    user_id: userId,
    role: index === 0 ? 'owner' : index < 4 ? 'leader' : 'member',
    joined_at: iso(yearAgo + index * 1000),
  }));

  const posts = Array.from({ length: groupSeedCounts.posts }, (_, index) => {
    const created = yearAgo + ((index + 1) * (now - yearAgo - 60_000)) / groupSeedCounts.posts;
    const answered = next() < 0.2;
    return {
      id: newRowId(),
      group_id: groupId,
      author_id: memberIds[Math.floor(next() * memberIds.length)] ?? memberId,
      is_anonymous: next() < 0.1,
      text: requests[index % requests.length] ?? '',
      prayer_request_id: null,
      answered_at: answered ? iso(created + 3 * 24 * 3600_000) : null,
      answer_note: answered ? 'Thank you all: it went well.' : null,
      hidden_at: null,
      hidden_by: null,
      prayed_count: 0,
      reply_count: 0,
      created_at: iso(created),
      updated_at: iso(created),
    };
  });

  // 50,000 distinct (request, person, day): the newer requests get more, as a wall does.
  const prayedKeys = new Set<string>();
  const prayed: Record<string, unknown>[] = [];
  while (prayed.length < groupSeedCounts.prayed) {
    const postIndex = Math.floor(Math.sqrt(next()) * posts.length);
    const post = posts[postIndex];
    const userId = memberIds[Math.floor(next() * memberIds.length)];
    if (!post || !userId) continue;
    const at = Date.parse(post.created_at) + Math.floor(next() * 5) * 24 * 3600_000;
    const key = `${postIndex}:${userId}:${day(at)}`;
    if (prayedKeys.has(key)) continue;
    prayedKeys.add(key);
    post.prayed_count += 1;
    prayed.push({ post_id: post.id, user_id: userId, day: day(at), created_at: iso(at) });
  }

  const replies = Array.from({ length: groupSeedCounts.replies }, (_, index) => {
    const post = posts[Math.floor(Math.sqrt(next()) * posts.length)] ?? posts[0];
    if (!post) throw new Error('no posts');
    post.reply_count += 1;
    return {
      id: newRowId(),
      post_id: post.id,
      group_id: groupId,
      author_id: memberIds[Math.floor(next() * memberIds.length)] ?? memberId,
      kind: 'encouragement',
      text: encouragements[index % encouragements.length] ?? '',
      hidden_at: null,
      hidden_by: null,
      created_at: iso(Date.parse(post.created_at) + 3600_000),
    };
  });

  await database.db.transaction().execute(async (trx) => {
    await insertRows(trx, 'users', others);
    await insertRows(trx, 'profiles', profiles);
    await trx
      .insertInto('groups')
      .values({
        id: groupId,
        name: 'Thursday Home Group',
        description: 'We read and pray together through the week.',
        owner_id: memberId,
        plan_id: null,
        plan_start_date: null,
        member_count: memberIds.length,
        created_at: iso(yearAgo),
        updated_at: iso(yearAgo),
      })
      .execute();
    await insertRows(trx, 'group_members', members);
    await insertRows(trx, 'group_posts', posts);
    await insertRows(trx, 'group_prayed', prayed);
    await insertRows(trx, 'group_replies', replies);
  });

  return {
    groupId,
    counts: {
      'group members': members.length,
      'group requests': posts.length,
      'group "I prayed"': prayed.length,
      'group encouragements': replies.length,
    },
  };
}
