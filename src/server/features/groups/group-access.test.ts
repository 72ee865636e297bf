import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '#server/clock.ts';
import {
  groupPostPageSchema,
  groupPostSchema,
  groupReadingSchema,
  groupReplyPageSchema,
  groupReplySchema,
  groupReportListSchema,
} from '#shared/schemas/groups.ts';
import { sendingAs, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { insertGroup } from '#tests/api-support/group-rows.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';

const clock = fixedClock(new Date('2026-06-10T09:30:00.000Z'));
const registered: RouteOptions[] = [];
const t = useTestApp({
  clock,
  onRoute: (route) => {
    registered.push(route);
  },
});
const send = sendingAs(t);

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Route = readonly [Method, string, object?];
type RowRoute = readonly [Method, string, object | undefined, string];
/** A request, a reply and a report of one group. */
type Rows = { postId: string; replyId: string; reportId: string };
/** A group, with a member and a leader to read it back as. */
type Side = { id: string; member: SignedIn; leader: SignedIn };

const groupGone = 'That group was not found.';
const requestGone = 'That request was not found.';
const replyGone = 'That reply was not found.';
const reportGone = 'That report was not found.';

/** The routes of a group's wall, reading and live page that name no row but the group. */
function groupRoutes(groupId: string): Route[] {
  const base = `/api/groups/${groupId}`;
  return [
    ['GET', `${base}/posts`],
    ['POST', `${base}/posts`, { text: 'Taken' }],
    ['GET', `${base}/reports`],
    ['GET', `${base}/reading`],
    ['PUT', `${base}/plan`, { plan_id: 'psalms-proverbs-month', start_date: '2026-06-10' }],
    ['DELETE', `${base}/plan`],
    ['PUT', `${base}/check-in`, { text: 'Taken' }],
    // A stream only for a member: asked here only by people who are answered before it opens.
    ['GET', `${base}/events`],
  ];
}

/**
 * The routes that name a request, a reply or a report of the group too, each with the message
 * it answers when that row is not the group's. The deletions come last, so a route that wrongly
 * reached a row has not had it taken from under the rest.
 */
function rowRoutes(groupId: string, { postId, replyId, reportId }: Rows): RowRoute[] {
  const base = `/api/groups/${groupId}`;
  const post = `${base}/posts/${postId}`;
  const reply = `${base}/replies/${replyId}`;
  return [
    ['PATCH', post, { answered: true, answer_note: 'Taken' }, requestGone],
    ['POST', `${post}/prayed`, undefined, requestGone],
    ['GET', `${post}/replies`, undefined, requestGone],
    ['POST', `${post}/replies`, { text: 'Taken' }, requestGone],
    ['POST', `${post}/hide`, undefined, requestGone],
    ['POST', `${post}/unhide`, undefined, requestGone],
    ['POST', `${reply}/hide`, undefined, replyGone],
    ['POST', `${reply}/unhide`, undefined, replyGone],
    ['POST', `${base}/reports`, { post_id: postId, reason: 'Taken' }, requestGone],
    ['POST', `${base}/reports`, { reply_id: replyId, reason: 'Taken' }, replyGone],
    ['POST', `${base}/reports/${reportId}/resolve`, undefined, reportGone],
    ['DELETE', reply, undefined, replyGone],
    ['DELETE', post, undefined, requestGone],
  ];
}

async function share(account: SignedIn, groupId: string, text: string) {
  const response = await send('POST', `/api/groups/${groupId}/posts`, account, { text });
  expect(response.statusCode, response.body).toBe(201);
  return groupPostSchema.parse(response.json());
}

async function replyOn(account: SignedIn, groupId: string, postId: string, body: object) {
  const url = `/api/groups/${groupId}/posts/${postId}/replies`;
  const response = await send('POST', url, account, body);
  expect(response.statusCode, response.body).toBe(201);
  return groupReplySchema.parse(response.json());
}

async function pray(account: SignedIn, groupId: string, postId: string) {
  const url = `/api/groups/${groupId}/posts/${postId}/prayed`;
  const response = await send('POST', url, account);
  expect(response.statusCode, response.body).toBe(200);
}

async function reportTo(account: SignedIn, groupId: string, body: object) {
  const response = await send('POST', `/api/groups/${groupId}/reports`, account, body);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

async function write(method: Method, url: string, account: SignedIn, body?: object) {
  const response = await send(method, url, account, body);
  expect(response.statusCode, response.body).toBe(200);
}

/**
 * Two groups, each with requests, prayers, replies, an open report, a plan and a check-in.
 * Dorcas leads in both and wrote in both; Orpah wrote in the first and a leader then removed her.
 */
async function twoGroups() {
  const ruth = await signUp(t, { display_name: 'Ruth' });
  const naomi = await signUp(t, { display_name: 'Naomi' });
  const boaz = await signUp(t, { display_name: 'Boaz' });
  const orpah = await signUp(t, { display_name: 'Orpah' });
  const dorcas = await signUp(t, { display_name: 'Dorcas' });
  const lydia = await signUp(t, { display_name: 'Lydia' });
  const silas = await signUp(t, { display_name: 'Silas' });
  const home = await insertGroup(t.db, ruth.user.id, [
    { userId: naomi.user.id, role: 'leader' },
    { userId: dorcas.user.id, role: 'leader' },
    { userId: boaz.user.id },
    { userId: orpah.user.id },
  ]);
  const other = await insertGroup(
    t.db,
    lydia.user.id,
    [{ userId: dorcas.user.id, role: 'leader' }, { userId: silas.user.id }],
    'Another group',
  );

  const orpahPost = await share(orpah, home, 'Pray for my mother’s surgery.');
  await pray(boaz, home, orpahPost.id);
  const orpahReply = await replyOn(orpah, home, orpahPost.id, {
    kind: 'update',
    text: 'She is home now.',
  });
  clock.advance(1000);
  const dorcasPost = await share(dorcas, home, 'Pray for our Thursday study.');
  await pray(ruth, home, dorcasPost.id);
  await pray(boaz, home, dorcasPost.id);
  const dorcasReply = await replyOn(dorcas, home, dorcasPost.id, {
    kind: 'update',
    text: 'We start at seven.',
  });
  await replyOn(boaz, home, dorcasPost.id, { text: 'I will be there.' });
  const homeReport = await reportTo(boaz, home, { reply_id: dorcasReply.id, reason: 'Unkind' });
  await write('PUT', `/api/groups/${home}/plan`, naomi, {
    plan_id: 'gospels-30',
    start_date: '2026-06-08',
  });
  await write('PUT', `/api/groups/${home}/check-in`, boaz, { text: 'Read John 3 on the bus.' });

  const silasPost = await share(silas, other, 'Pray for my new job.');
  await pray(lydia, other, silasPost.id);
  const dorcasReplyThere = await replyOn(dorcas, other, silasPost.id, { text: 'Praying!' });
  clock.advance(1000);
  const dorcasPostThere = await share(dorcas, other, 'Pray for the harvest.');
  await pray(silas, other, dorcasPostThere.id);
  const otherReport = await reportTo(silas, other, { post_id: dorcasPostThere.id, reason: '' });
  await write('PUT', `/api/groups/${other}/plan`, lydia, {
    plan_id: 'nt-90',
    start_date: '2026-06-01',
  });
  await write('PUT', `/api/groups/${other}/check-in`, silas, { text: 'Read Mark 1.' });

  // A leader removes Orpah through the API, as a leader does.
  const removal = await send('DELETE', `/api/groups/${home}/members/${orpah.user.id}`, naomi);
  expect(removal.statusCode, removal.body).toBe(204);

  return {
    naomi,
    orpah,
    dorcas,
    lydia,
    home: { id: home, member: boaz, leader: naomi },
    other: { id: other, member: silas, leader: lydia },
    /** Orpah's own request and reply, written before she was removed. */
    orpahRows: { postId: orpahPost.id, replyId: orpahReply.id, reportId: homeReport },
    /** Dorcas's request and reply in each group, and each group's open report. */
    homeRows: { postId: dorcasPost.id, replyId: dorcasReply.id, reportId: homeReport },
    otherRows: { postId: dorcasPostThere.id, replyId: dorcasReplyThere.id, reportId: otherReport },
  };
}

type World = Awaited<ReturnType<typeof twoGroups>>;

async function read(account: SignedIn, url: string): Promise<unknown> {
  const response = await send('GET', url, account);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
}

/** All a group shows: its wall to a member and a leader, every reply, open reports, the reading. */
async function everythingIn({ id, member, leader }: Side) {
  const base = `/api/groups/${id}`;
  const wall = groupPostPageSchema.parse(await read(member, `${base}/posts`)).items;
  const leadersWall = groupPostPageSchema.parse(await read(leader, `${base}/posts`)).items;
  const replies = [];
  for (const post of leadersWall) {
    const page = await read(leader, `${base}/posts/${post.id}/replies`);
    replies.push(groupReplyPageSchema.parse(page).items);
  }
  const reports = groupReportListSchema.parse(await read(leader, `${base}/reports`)).items;
  const reading = groupReadingSchema.parse(await read(member, `${base}/reading`));
  return { wall, leadersWall, replies, reports, reading };
}

const tables = [
  'group_posts',
  'group_replies',
  'group_prayed',
  'group_reports',
  'group_check_ins',
] as const;

/** How many rows each table of the wall and the reading holds, across every group. */
async function rowCounts() {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  return counts;
}

async function snapshot(world: World) {
  return {
    home: await everythingIn(world.home),
    other: await everythingIn(world.other),
    rows: await rowCounts(),
  };
}

/** Both groups read back as they were, with the prayers and replies counted as set up. */
async function expectUnchanged(world: World, before: Awaited<ReturnType<typeof snapshot>>) {
  const after = await snapshot(world);
  expect(after).toEqual(before);
  const counted = (side: typeof after.home) =>
    side.wall.map((post) => [post.text, post.prayed_count, post.reply_count, post.answered_at]);
  expect(counted(after.home)).toEqual([
    ['Pray for our Thursday study.', 2, 2, null],
    ['Pray for my mother’s surgery.', 1, 1, null],
  ]);
  expect(counted(after.other)).toEqual([
    ['Pray for the harvest.', 1, 0, null],
    ['Pray for my new job.', 1, 1, null],
  ]);
  expect(after.home.reports).toHaveLength(1);
  expect(after.other.reports).toHaveLength(1);
  expect(after.home.reading.plan?.plan_id).toBe('gospels-30');
  expect(after.other.reading.plan?.plan_id).toBe('nt-90');
  expect(after.home.reading.check_ins.map((row) => [row.display_name, row.text])).toEqual([
    ['Boaz', 'Read John 3 on the bus.'],
  ]);
  expect(after.other.reading.check_ins.map((row) => [row.display_name, row.text])).toEqual([
    ['Silas', 'Read Mark 1.'],
  ]);
}

describe('every route of a group’s wall and reading', () => {
  it('are all listed here, as the app registers them', () => {
    const ours = /^\/api\/groups\/:id\/(posts|replies|reports|reading|plan|check-in|events)\b/;
    const served = registered
      .flatMap((route) => [route.method].flat().map((method) => `${method} ${route.url}`))
      .filter((route) => !route.startsWith('HEAD ') && ours.test(route.split(' ')[1] ?? ''));
    const named = (route: readonly [Method, string, ...unknown[]]) =>
      `${route[0]} ${route[1]
        .replace('/groups/G/', '/groups/:id/')
        .replace('/posts/P', '/posts/:postId')
        .replace('/replies/R', '/replies/:replyId')
        .replace('/reports/X', '/reports/:reportId')}`;
    const covered = [
      ...groupRoutes('G'),
      ...rowRoutes('G', { postId: 'P', replyId: 'R', reportId: 'X' }),
    ].map(named);
    expect(served.length).toBeGreaterThan(0);
    expect([...new Set(covered)].sort()).toEqual([...new Set(served)].sort());
  });

  it('answers a visitor 401 on each, changing nothing', async () => {
    const world = await twoGroups();
    const before = await snapshot(world);
    for (const [method, url, body] of [
      ...groupRoutes(world.home.id),
      ...rowRoutes(world.home.id, world.homeRows),
    ]) {
      const response = await send(method, url, undefined, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    await expectUnchanged(world, before);
  });

  it('answers a removed member, even on their own request and reply, and another group’s member 404, changing nothing', async () => {
    const world = await twoGroups();
    const before = await snapshot(world);
    const routes = [
      ...groupRoutes(world.home.id),
      ...rowRoutes(world.home.id, world.orpahRows),
      ...rowRoutes(world.home.id, world.homeRows),
    ];
    for (const outsider of [world.orpah, world.lydia]) {
      for (const [method, url, body] of routes) {
        const label = `${outsider.user.display_name} ${method} ${url} ${JSON.stringify(body)}`;
        const response = await send(method, url, outsider, body);
        expect(response.statusCode, label).toBe(404);
        expect(response.json(), label).toMatchObject({ message: groupGone });
      }
    }
    await expectUnchanged(world, before);
  });

  it('reaches no request, reply or report of another group through a group’s own routes', async () => {
    const world = await twoGroups();
    const before = await snapshot(world);
    // Each asks as a leader of the group in the path, so only the group the row is in stands in
    // the way; Dorcas leads both groups and wrote the rows named, so even her own are not reached.
    const askers = [
      { account: world.lydia, groupId: world.other.id, rows: world.homeRows },
      { account: world.naomi, groupId: world.home.id, rows: world.otherRows },
      { account: world.dorcas, groupId: world.other.id, rows: world.homeRows },
      { account: world.dorcas, groupId: world.home.id, rows: world.otherRows },
    ];
    for (const { account, groupId, rows } of askers) {
      for (const [method, url, body, message] of rowRoutes(groupId, rows)) {
        const label = `${account.user.display_name} ${method} ${url} ${JSON.stringify(body)}`;
        const response = await send(method, url, account, body);
        expect(response.statusCode, label).toBe(404);
        expect(response.json(), label).toMatchObject({ message });
      }
    }
    await expectUnchanged(world, before);
  });
});
