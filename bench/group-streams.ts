// A group page's live streams at scale (decision 028): one server (`npm start` defaults, SQLite)
// holds 500 open event streams, ten for each of 50 members of one group (the most one person may
// open on an instance). Measured: the server's resident memory before and after (memory per
// stream), and how long one new request on the prayer wall takes to reach all 500 streams.
import fs from 'node:fs';
import path from 'node:path';
import { connectDatabase } from '#server/db/connect.ts';
import { newRowId } from '#server/db/ids.ts';
import { signUp, type BenchUser } from './accounts.ts';
import { startAppServer } from './app-server.ts';

type Say = (line?: string) => void;

export const groupStreamsHeading = '## Group event streams';
const people = 50;
const streamsEach = 10;
const targets = { perStreamKb: 64, fanOutMs: 2000 };

/** The server's resident set in MB, from /proc. */
function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

type Stream = { abort: () => void; sawPost: Promise<number> };

/** Opens a member's stream; resolves once connected. sawPost resolves with the time of a 'posts'. */
async function openStream(url: string, member: BenchUser): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { cookie: member.cookie },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body)
    throw new Error(`stream answered ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  // Wait for the ': connected' comment, so the stream is held by the server.
  while (!text.includes('connected')) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the stream ended at once');
    text += decoder.decode(value, { stream: true });
  }
  const sawPost = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return Number.NaN;
      text += decoder.decode(value, { stream: true });
      if (text.includes('"type":"posts"')) return performance.now();
    }
  })();
  sawPost.catch(() => {});
  return { abort: () => controller.abort(), sawPost };
}

export async function runGroupStreamsBench(say: Say): Promise<void> {
  say(groupStreamsHeading);
  say();
  const server = await startAppServer({ logLevel: 'warn' });
  const handle = connectDatabase({
    dialect: 'sqlite',
    filename: path.join(server.dir, 'data', 'grounded.db'),
  });
  const streams: Stream[] = [];
  try {
    const pid = server.child.process.pid;
    if (!pid) throw new Error('no server pid');
    const members: BenchUser[] = [];
    for (let index = 0; index < people; index += 1)
      members.push(await signUp(server.url, `streams-${index}`));
    const groupId = newRowId();
    const now = new Date().toISOString();
    const [owner] = members;
    if (!owner) throw new Error('no members');
    await handle.db
      .insertInto('groups')
      .values({
        id: groupId,
        name: 'Streams',
        description: '',
        owner_id: owner.id,
        plan_id: null,
        plan_start_date: null,
        member_count: members.length,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await handle.db
      .insertInto('group_members')
      .values(
        members.map((member, index) => ({
          group_id: groupId,
          user_id: member.id,
          role: index === 0 ? 'owner' : 'member',
          joined_at: now,
        })),
      )
      .execute();

    // Settle, then the resident set with no stream open.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = residentMb(pid);
    const url = `${server.url}/api/groups/${groupId}/events`;
    for (const member of members)
      for (let index = 0; index < streamsEach; index += 1)
        streams.push(await openStream(url, member));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = residentMb(pid);
    const perStreamKb = ((after - before) * 1024) / streams.length;

    // One new request, and the time until every stream has heard of it.
    const sent = performance.now();
    const posted = await fetch(`${server.url}/api/groups/${groupId}/posts`, {
      method: 'POST',
      headers: { cookie: owner.cookie, 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ text: 'Please pray for our week.' }),
    });
    let fanOut: string;
    let fanOutMs = Number.NaN;
    if (posted.status === 201) {
      const heard = await Promise.all(streams.map((stream) => stream.sawPost));
      fanOutMs = Math.max(...heard) - sent;
      fanOut = `${Math.round(fanOutMs)} ms ${fanOutMs <= targets.fanOutMs ? '(met)' : '**(not met)**'}`;
    } else {
      fanOut = `not measured: the post answered ${posted.status}`;
    }

    say(
      `One server (SQLite, \`npm start\` defaults), ${people} members of one group with ${streamsEach} streams each (the most per person on an instance): ${streams.length} open streams.`,
    );
    say();
    say('| Measure | Figure | Target |');
    say('| --- | ---: | ---: |');
    say(`| Resident memory, no stream | ${before.toFixed(1)} MB | |`);
    say(`| Resident memory, ${streams.length} streams | ${after.toFixed(1)} MB | |`);
    say(
      `| Memory per stream | ${perStreamKb.toFixed(1)} KB ${perStreamKb <= targets.perStreamKb ? '(met)' : '**(not met)**'} | ≤ ${targets.perStreamKb} KB |`,
    );
    say(
      `| A new request to all ${streams.length} streams (POST answered to the last stream's event) | ${fanOut} | ≤ ${targets.fanOutMs} ms |`,
    );
    say();
  } finally {
    for (const stream of streams) stream.abort();
    await handle.close();
    await server.stop();
  }
}
