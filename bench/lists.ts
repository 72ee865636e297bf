// Every list API at real scale (decision 012). On a seeded account (bench/list-seed.ts), the first
// page of each list at 50 connections (p99 ≤ 25 ms on SQLite, ≤ 40 ms on PostgreSQL), the
// page ten pages down (keyset paging stays flat), and the journal search over 10,000 entries
// (p95 ≤ 20 ms). wrk is the load generator, its CPU reported beside each figure.
// `node bench/run.ts lists` runs this part alone (see bench/lists-at-scale.ts).
import path from 'node:path';
import { tempDir } from './cleanup.ts';
import { rareWord, rareWordEntries } from './list-seed.ts';
import { formatRate } from './load.ts';
import { freePort, startChild, waitUntilAnswering } from './processes.ts';
import { rawGet } from './raw-get.ts';
import type { SeededServer } from './seeded-server.ts';
import { ms, runWrk, type WrkResult } from './wrk.ts';

type Say = (line?: string) => void;

export const listConnections = 50;
const seconds = 8;
/**
 * First pages are measured in rounds and the middle round by p99 is reported: on this shared
 * 2-core machine one round's p99 swings 2 to 5 times between identical runs, for a reference
 * server as much as for ours (bench/reference-server.ts), so one round says more about the
 * machine's moment than about the code.
 */
const rounds = 3;
const roundSeconds = 5;
export const firstPageTargets = { SQLite: 25, PostgreSQL: 40 } as const;
const searchTargetP95 = 20;

type Who = 'member' | 'moderator' | 'visitor';
type ListCase = { label: string; path: string; who: Who };

/** Each list API as the screens ask for it: the first page, default size (20). */
export const listCases: ListCase[] = [
  { label: 'journal entries', path: '/api/journal', who: 'member' },
  { label: 'saved verses', path: '/api/saved-verses', who: 'member' },
  { label: 'notes on verses', path: '/api/notes', who: 'member' },
  { label: 'prayer list', path: '/api/prayers?answered=false', who: 'member' },
  { label: 'answered prayers', path: '/api/prayers?answered=true', who: 'member' },
  { label: 'bookmarks', path: '/api/bookmarks', who: 'member' },
  { label: 'highlights (Psalms)', path: '/api/highlights?book_name=Psalms', who: 'member' },
  { label: 'reading progress', path: '/api/progress', who: 'member' },
  { label: 'public testimonies (visitor)', path: '/api/testimonies', who: 'visitor' },
  { label: 'own testimonies', path: '/api/testimonies/mine', who: 'member' },
  { label: 'moderation queue (moderator)', path: '/api/moderation/testimonies', who: 'moderator' },
  { label: 'notifications', path: '/api/notifications', who: 'member' },
];

/** Filtered first pages (filters run on the server over all rows, not over a page). */
const filterCases: ListCase[] = [
  { label: 'journal, tag=Grateful', path: '/api/journal?tag=Grateful', who: 'member' },
  { label: 'saved verses, theme=Peace', path: '/api/saved-verses?theme=Peace', who: 'member' },
  { label: 'saved verses, q=mercy', path: '/api/saved-verses?q=mercy', who: 'member' },
  { label: 'bookmarks, q=john', path: '/api/bookmarks?q=john', who: 'member' },
  { label: 'notes, book=Psalms', path: '/api/notes?book=Psalms', who: 'member' },
  { label: 'notes, tag=Grateful', path: '/api/notes?tag=Grateful', who: 'member' },
  { label: 'notes, q=forgiveness', path: '/api/notes?q=forgiveness', who: 'member' },
  { label: 'notes, q=still water', path: '/api/notes?q=still%20water', who: 'member' },
];

/** The seeded group's lists (bench/group-seed.ts): its wall of 10,000 and its 500 members. */
function groupCases(groupId: string): ListCase[] {
  return [
    {
      label: 'group prayer wall (500 members)',
      path: `/api/groups/${groupId}/posts`,
      who: 'member',
    },
    { label: 'group members (500)', path: `/api/groups/${groupId}/members`, who: 'member' },
  ];
}

/** Journal searches a person would type, by kind. */
export const journalQueries: { kind: string; q: string }[] = [
  { kind: 'word', q: 'grateful' },
  { kind: 'word', q: 'river' },
  { kind: 'word', q: 'forgiveness' },
  { kind: 'word', q: 'sister' },
  { kind: 'two words', q: 'still water' },
  { kind: 'two words', q: 'old friend' },
  { kind: 'two words', q: 'doctor results' },
  { kind: 'prefix', q: 'forgiv' },
  { kind: 'prefix', q: 'grat' },
  { kind: 'prefix', q: 'pati' },
  { kind: `rare word (in ${rareWordEntries} entries)`, q: rareWord },
  { kind: 'common word', q: 'lord' },
  { kind: 'common word', q: 'prayed' },
];

type Answer = {
  status: number;
  /** The page's items, or every row when the route answered a bare array (not a page). */
  items: unknown[] | null;
  isPage: boolean;
  nextCursor: string | null;
  bytes: number;
};

function withQuery(path: string, extra: string): string {
  return path + (path.includes('?') ? '&' : '?') + extra;
}

function headersFor(server: SeededServer, who: Who): Record<string, string> {
  const headers: Record<string, string> = { 'accept-encoding': 'gzip' };
  if (who === 'member') headers.cookie = server.member.cookie;
  if (who === 'moderator') headers.cookie = server.moderator.cookie;
  return headers;
}

async function get(url: string, headers: Record<string, string>): Promise<Answer> {
  const plainHeaders = { ...headers };
  delete plainHeaders['accept-encoding'];
  const raw = await rawGet(url, headers);
  const response = await fetch(url, { headers: plainHeaders });
  const body: unknown = await response.json().catch(() => null);
  const page = body as { items?: unknown[]; next_cursor?: string | null } | null;
  return {
    status: response.status,
    items: Array.isArray(body) ? body : Array.isArray(page?.items) ? page.items : null,
    isPage: !Array.isArray(body) && Array.isArray(page?.items),
    nextCursor: Array.isArray(body) ? null : (page?.next_cursor ?? null),
    bytes: raw.body.length,
  };
}

/** What a row of the table says about the answer, besides the load figures. */
function describe(answer: Answer): string {
  if (answer.status !== 200) return `**answered ${answer.status}**`;
  if (answer.items === null) return '**not a list**';
  if (!answer.isPage) return `**not a page: all ${answer.items.length} rows**`;
  const bytes = `${(answer.bytes / 1024).toFixed(1)} KB`;
  return `${answer.items.length} items${answer.nextCursor ? ' + cursor' : ''}, ${bytes}`;
}

export type ListRow = {
  database: string;
  group: 'first' | 'filter' | 'deep';
  label: string;
  answer: string;
  result: WrkResult | null;
  /** Every round's p99 (ms), lowest first, when measured in rounds. */
  roundP99s?: number[];
  target: number | null;
};

/** `rounds` runs of wrk after one warm-up; the round with the middle p99, and every p99. */
async function runRounds(
  options: Parameters<typeof runWrk>[0],
): Promise<{ result: WrkResult; roundP99s: number[] }> {
  const results: WrkResult[] = [];
  for (let round = 0; round < rounds; round += 1) {
    results.push(
      await runWrk({ ...options, seconds: roundSeconds, warmUp: round === 0 && options.warmUp }),
    );
  }
  results.sort((a, b) => a.p99 - b.p99);
  const middle = results[Math.floor(results.length / 2)];
  if (!middle) throw new Error('no wrk round ran');
  return { result: middle, roundP99s: results.map((result) => result.p99) };
}

async function measureCase(
  server: SeededServer,
  database: string,
  group: ListRow['group'],
  label: string,
  path: string,
  who: Who,
  target: number | null,
  warmUp = true,
): Promise<ListRow> {
  const headers = headersFor(server, who);
  const answer = await get(server.url + path, headers);
  // A route that still answers every row is reported as such, not loaded (every list answers in pages).
  if (answer.status !== 200 || !answer.isPage) {
    return { database, group, label, answer: describe(answer), result: null, target };
  }
  const options = {
    origin: server.url,
    requests: [{ path }],
    headers,
    connections: listConnections,
    seconds,
    serverPids: server.pids,
    warmUp,
  };
  // Ten pages down is the comparison with the first page, one round each.
  if (group === 'deep') {
    const result = await runWrk(options);
    return { database, group, label, answer: describe(answer), result, target };
  }
  const { result, roundP99s } = await runRounds(options);
  return { database, group, label, answer: describe(answer), result, roundP99s, target };
}

/** The path of the page `depth` pages down, by following next_cursor from the first. */
async function deepPath(server: SeededServer, path: string, who: Who, depth: number) {
  let current = path;
  for (let page = 1; page < depth; page += 1) {
    const answer = await get(server.url + current, headersFor(server, who));
    if (!answer.isPage || !answer.nextCursor) return null;
    current = withQuery(path, `cursor=${encodeURIComponent(answer.nextCursor)}`);
  }
  return current;
}

/** The searches measured: the journal's, and the notes' (which should cost no more). */
const searchedLists = [
  { list: 'journal', path: '/api/journal' },
  { list: 'notes', path: '/api/notes' },
] as const;

export type SearchFigures = {
  database: string;
  list: (typeof searchedLists)[number]['list'];
  /** One connection, every query in turn. */
  single: WrkResult | null;
  /** 50 connections, every query in turn. */
  loaded: WrkResult | null;
  perQuery: { kind: string; q: string; medianMs: number; answer: string }[];
};

async function measureSearch(
  server: SeededServer,
  database: string,
  { list, path: listPath }: (typeof searchedLists)[number],
): Promise<SearchFigures> {
  const headers = headersFor(server, 'member');
  const paths = journalQueries.map(({ q }) => `${listPath}?q=${encodeURIComponent(q)}`);
  const perQuery: SearchFigures['perQuery'] = [];
  for (const [index, { kind, q }] of journalQueries.entries()) {
    const url = server.url + (paths[index] ?? '');
    const answer = await get(url, headers);
    const times: number[] = [];
    for (let run = 0; run < 25; run += 1) {
      const started = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    // The rare word is in exactly rareWordEntries rows: more means `q` was not applied.
    const isWrong = q === rareWord && answer.items?.length !== rareWordEntries;
    const described = describe(answer) + (isWrong ? `, **${rareWordEntries} expected**` : '');
    perQuery.push({ kind, q, medianMs: times[12] ?? 0, answer: described });
  }
  const works = perQuery.every((query) => !query.answer.includes('**'));
  const requests = paths.map((path) => ({ path }));
  const base = { origin: server.url, requests, headers, seconds, serverPids: server.pids };
  return {
    database,
    list,
    perQuery,
    single: works ? await runWrk({ ...base, connections: 1, threads: 1 }) : null,
    loaded: works ? await runWrk({ ...base, connections: listConnections }) : null,
  };
}

/** The reference server (bench/reference-server.ts) at the first pages' median CPU cost. */
export type FloorFigures = { cpuUs: number; result: WrkResult; roundP99s: number[] };

export type ListFigures = {
  rows: ListRow[];
  searches: SearchFigures[];
  floor: FloorFigures | null;
  /** The chapter API on the same server, loaded the same way: the CPU a list is compared with. */
  chapter: WrkResult | null;
};

/** A list's first page may cost this many times the chapter API's CPU per request. */
export const chapterCpuTargets = { SQLite: 3, PostgreSQL: 5 } as const;
const chapterPath = '/api/bible/John/3';

/** bench/reference-server.ts spending `cpuUs` on every request, answering. */
export async function startReferenceServer(
  cpuUs: number,
  /** Its event-loop histogram's period, as the app's in the same run (10 ms by default). */
  resolutionMs = 10,
): Promise<{ origin: string; pid: number | undefined; stop: () => Promise<void> }> {
  const { dir, remove } = tempDir('reference-server');
  const port = await freePort();
  const child = startChild(
    process.execPath,
    [
      path.join(import.meta.dirname, 'reference-server.ts'),
      String(port),
      String(cpuUs),
      String(resolutionMs),
    ],
    { logFile: path.join(dir, 'server.log') },
  );
  const stop = async () => {
    await child.stop();
    remove();
  };
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(`${origin}/`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, pid: child.process.pid, stop };
}

/** This machine's p99 for a perfectly fair server spending `cpuUs` on every request. */
async function measureFloor(cpuUs: number): Promise<FloorFigures> {
  const { origin, pid, stop } = await startReferenceServer(cpuUs);
  try {
    const { result, roundP99s } = await runRounds({
      origin,
      requests: [{ path: '/' }],
      connections: listConnections,
      seconds,
      serverPids: pid ? [pid] : [],
      warmUp: true,
    });
    return { cpuUs, result, roundP99s };
  } finally {
    await stop();
  }
}

/** Every list case on one seeded server (SQLite or PostgreSQL). */
export async function measureLists(server: SeededServer): Promise<ListFigures> {
  const database = server.database;
  const target = firstPageTargets[database];
  const rows: ListRow[] = [];
  console.log(`  ${database}: the chapter API`);
  const { result: chapter } = await runRounds({
    origin: server.url,
    requests: [{ path: chapterPath }],
    headers: headersFor(server, 'visitor'),
    connections: listConnections,
    seconds,
    serverPids: server.pids,
    warmUp: true,
  });
  const cases = [...listCases, ...groupCases(server.groupId)];
  for (const { label, path, who } of cases) {
    console.log(`  ${database}: ${label}`);
    rows.push(await measureCase(server, database, 'first', label, path, who, target));
  }
  for (const { label, path, who } of filterCases) {
    rows.push(await measureCase(server, database, 'filter', label, path, who, target));
  }
  for (const { label, path, who } of cases) {
    const deep = await deepPath(server, path, who, 10);
    if (deep === null) {
      rows.push({
        database,
        group: 'deep',
        label,
        answer: 'fewer than 10 pages',
        result: null,
        target: null,
      });
      continue;
    }
    rows.push(await measureCase(server, database, 'deep', label, deep, who, target, false));
  }
  // The floor at the median cost of the first pages just measured.
  const costs = rows
    .filter((row) => row.group === 'first' && row.result?.serverCpuUs)
    .map((row) => row.result?.serverCpuUs ?? 0)
    .sort((a, b) => a - b);
  const medianCost = costs[Math.floor(costs.length / 2)];
  console.log(`  ${database}: reference server`);
  const floor = medianCost ? await measureFloor(Math.round(medianCost)) : null;
  const searches: SearchFigures[] = [];
  for (const searched of searchedLists) {
    console.log(`  ${database}: ${searched.list} search`);
    searches.push(await measureSearch(server, database, searched));
  }
  return { rows, searches, floor, chapter };
}

const verdict = (value: number, target: number | null) =>
  target === null ? '' : value <= target ? 'met' : '**not met**';

function p99Cell(result: WrkResult, roundP99s?: number[]): string {
  const low = roundP99s?.[0];
  const high = roundP99s?.at(-1);
  return low === undefined || high === undefined
    ? ms(result.p99)
    : `${ms(result.p99)} (${ms(low)}–${ms(high)})`;
}

function loadCells(result: WrkResult | null, roundP99s?: number[]): string {
  if (!result) return '| | | | | | |';
  const server =
    result.serverCpuUs === null
      ? 'n/a'
      : `${(result.serverCpuUs / 1000).toFixed(2)} ms (${Math.round(result.serverCpuPercent ?? 0)}%)`;
  return (
    `| ${formatRate(result.requestsPerSecond)} | ${ms(result.p50)} | ${p99Cell(result, roundP99s)} | ` +
    `${result.errors} | ${server} | ${Math.round(result.wrkCpuPercent)}% |`
  );
}

export function reportLists(say: Say, figures: ListFigures[]): void {
  say('### List APIs: first page, filtered first page, ten pages down');
  say();
  say(
    `wrk (2 threads, ${listConnections} connections). First and filtered pages: a warm-up run, then ${rounds} rounds of ${roundSeconds} s; ` +
      `the round with the middle p99 is shown, with the lowest and highest p99 of the ${rounds} in brackets, and the target is judged on the middle one. ` +
      `The page ten pages down: one round of ${seconds} s without a new warm-up. ` +
      'one signed-in session per person, `accept-encoding: gzip`, each request alone. "Server CPU" is the server process\'s ' +
      'user + system time per request (and in % of one core); "wrk CPU" is wrk\'s own, in % of one core: with 2 cores, ' +
      'wrk near 100% would mean the load generator, not the server, set the pace. ' +
      `Targets: first page p99 ≤ ${firstPageTargets.SQLite} ms on SQLite, ≤ ${firstPageTargets.PostgreSQL} ms on PostgreSQL.`,
  );
  say();
  say(
    '| Database | List | Page | Answer | Requests/s | p50 | p99 | Errors | Server CPU per request | wrk CPU | p99 target |',
  );
  say('| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  const pageName = { first: 'first', filter: 'first, filtered', deep: '10th' } as const;
  for (const { rows } of figures) {
    for (const row of rows) {
      const target =
        row.result && row.target !== null
          ? `≤ ${row.target} ms: ${verdict(row.result.p99, row.target)}`
          : row.result
            ? ''
            : 'not measured';
      say(
        `| ${row.database} | ${row.label} | ${pageName[row.group]} | ${row.answer} ${loadCells(row.result, row.roundP99s)} ${target} |`,
      );
    }
  }
  say();
  for (const { floor, rows } of figures) {
    if (!floor) continue;
    const database = rows[0]?.database ?? '';
    say(
      `- This machine's floor beside the ${database} figures: a reference server that spends ${Math.round(floor.cpuUs)} µs of CPU on every request ` +
        `(the median cost of the ${database} first pages above) in a busy loop and answers a fixed 6 KB body, with no framework, database or waiting ` +
        `(bench/reference-server.ts), loaded the same way: ${formatRate(floor.result.requestsPerSecond)} requests/s, p50 ${ms(floor.result.p50)}, ` +
        `p99 ${p99Cell(floor.result, floor.roundP99s)}. A perfectly fair server of that cost gets this p99 here; a list's tail above it is ours, a tail it shares is the machine's.`,
    );
  }
  for (const { chapter, rows } of figures) {
    const database = (rows[0]?.database ?? 'SQLite') as keyof typeof chapterCpuTargets;
    const chapterCpu = chapter?.serverCpuUs;
    if (!chapterCpu) continue;
    const limit = chapterCpuTargets[database];
    const ratios = rows
      .filter((row) => row.group === 'first' && row.result?.serverCpuUs)
      .map((row) => ({ label: row.label, ratio: (row.result?.serverCpuUs ?? 0) / chapterCpu }));
    const over = ratios.filter(({ ratio }) => ratio > limit);
    say(
      `- ${database}, CPU per request against the chapter API (GET ${chapterPath}, the same server and load in the same run: ` +
        `${Math.round(chapterCpu)} µs, ${formatRate(chapter.requestsPerSecond)} requests/s), target ≤ ${limit}× for every first page: ` +
        `${ratios.map(({ label, ratio }) => `${label} ${ratio.toFixed(1)}×`).join(', ')}. ` +
        `${over.length === 0 ? 'Met for every list.' : `**Not met** for ${over.map(({ label }) => label).join(', ')}.`}`,
    );
  }
  const missed = figures
    .flatMap(({ rows }) => rows)
    .filter((row) => row.result && row.target !== null && row.result.p99 > row.target);
  const unmeasured = figures
    .flatMap(({ rows }) => rows)
    .filter((row) => !row.result && row.group !== 'deep');
  say(
    missed.length === 0 && unmeasured.length === 0
      ? '- Every first page meets its p99 target.'
      : `- Under target: ${[...missed.map((row) => `${row.database} ${row.label} (${row.group}) p99 ${ms(row.result?.p99 ?? 0)}`), ...unmeasured.map((row) => `${row.database} ${row.label}: ${row.answer}`)].join('; ')}.`,
  );
  for (const { rows } of figures) {
    const pairs = rows
      .filter((row) => row.group === 'first' && row.result)
      .map((row) => {
        const deep = rows.find((other) => other.group === 'deep' && other.label === row.label);
        return deep?.result && row.result
          ? `${row.label} ${ms(row.result.p99)} → ${ms(deep.result.p99)}`
          : null;
      })
      .filter((pair) => pair !== null);
    if (pairs.length > 0) {
      say(
        `- ${rows[0]?.database}, p99 first page → 10th page (keyset: a page costs the same however deep): ${pairs.join(', ')}.`,
      );
    }
  }
  say();

  say('### Journal and notes search over 10,000 each');
  say();
  say(
    `GET /api/journal?q=… and GET /api/notes?q=… as the seeded member (first page of 20, highlights included), ` +
      `${journalQueries.length} queries in turn: ` +
      `${journalQueries.map(({ kind, q }) => `"${q}" (${kind})`).join(', ')}. ` +
      `One connection (the time one search takes) and ${listConnections} connections (searches queued behind each other), ` +
      `${seconds} s each after a warm-up. Target: p95 ≤ ${searchTargetP95} ms, and the notes' p95 within the journal's.`,
  );
  say();
  say(
    '| Database | List | Connections | Requests/s | p50 | p95 | p99 | Errors | Server CPU per request | wrk CPU | p95 target |',
  );
  say('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const search of figures.flatMap(({ searches }) => searches)) {
    for (const [count, result] of [
      [1, search.single],
      [listConnections, search.loaded],
    ] as const) {
      if (!result) {
        say(
          `| ${search.database} | ${search.list} | ${count} | not measured: a query did not answer a page | | | | | | | |`,
        );
        continue;
      }
      const server =
        result.serverCpuUs === null ? 'n/a' : `${(result.serverCpuUs / 1000).toFixed(2)} ms`;
      say(
        `| ${search.database} | ${search.list} | ${count} | ${formatRate(result.requestsPerSecond)} | ${ms(result.p50)} | ${ms(result.p95)} | ` +
          `${ms(result.p99)} | ${result.errors} | ${server} | ${Math.round(result.wrkCpuPercent)}% | ` +
          `≤ ${searchTargetP95} ms: ${verdict(result.p95, searchTargetP95)} |`,
      );
    }
  }
  say();
  for (const { searches } of figures) {
    const journal = searches.find((search) => search.list === 'journal');
    const notes = searches.find((search) => search.list === 'notes');
    const pairs = (['single', 'loaded'] as const).flatMap((key) => {
      const [mine, theirs] = [notes?.[key], journal?.[key]];
      if (!mine || !theirs) return [];
      const connections = key === 'single' ? 1 : listConnections;
      const within = mine.p95 <= theirs.p95 ? 'within' : '**above**';
      return [
        `${connections} connection${connections === 1 ? '' : 's'}: notes p95 ${ms(mine.p95)} vs journal ${ms(theirs.p95)} (${within}; CPU ${((mine.serverCpuUs ?? 0) / 1000).toFixed(2)} vs ${((theirs.serverCpuUs ?? 0) / 1000).toFixed(2)} ms a search)`,
      ];
    });
    if (pairs.length > 0)
      say(`- ${searches[0]?.database}, notes against the journal: ${pairs.join('; ')}.`);
  }
  for (const search of figures.flatMap(({ searches }) => searches)) {
    say(
      `- ${search.database}, ${search.list}, each query alone (median of 25 sequential requests from Node's fetch, client time included): ` +
        search.perQuery
          .map((query) => `"${query.q}" ${ms(query.medianMs)} (${query.answer})`)
          .join(', ') +
        '.',
    );
  }
  say();
}
