// Lists at scale in `npm run bench` (decision 012): every list at real scale and several
// instances. Parts (each can run alone: `node bench/run.ts lists`, `… browser`, `… instances`,
// `… export`, or `… scale`
// for all four; bench/run.ts then rewrites only this section of docs/benchmarks.md):
// - lists: the first page of every list API, the 10th page, the journal and notes searches (SQLite, PostgreSQL);
// - browser: /journal-entries, /saved-verses, /notes, /prayer, /testimony in Chromium at 390 px, CPU 4× slower;
// - instances: the signed-in mix on one instance and on three behind nginx (PostgreSQL);
// - export: server memory while exporting the 10,000-entry account (bench/export-memory.ts).
import os from 'node:os';
import { ensureClientBuild } from '#scripts/ensure-client-build.ts';
import { describeExportMemory, measureExportMemory } from './export-memory.ts';
import type { ExportMemoryResult } from './export-memory.ts';
import { measureInstances, reportInstances, type InstanceFigures } from './instances.ts';
import {
  chromiumVersion,
  measureListBrowser,
  reportListBrowser,
  type BrowserFigures,
} from './list-browser.ts';
import { seedCounts } from './list-seed.ts';
import { firstPageTargets, measureLists, reportLists, type ListFigures } from './lists.ts';
import { startPostgres } from './postgres.ts';
import { startSeededServer, type SeededServer } from './seeded-server.ts';
import { findWrk } from './wrk.ts';

type Say = (line?: string) => void;

export const listsAtScaleParts = ['lists', 'browser', 'instances', 'export'] as const;
export type ListsAtScalePart = (typeof listsAtScaleParts)[number];
export const listsAtScaleHeading = '## Lists at scale';

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');

function seedLine(seeded: SeededServer): string {
  const counts = Object.entries(seeded.seed.counts)
    .map(([name, count]) => `${count.toLocaleString('en-US')} ${name}`)
    .join(', ');
  return `- ${seeded.database} seed: ${counts}; inserted in ${(seeded.seed.ms / 1000).toFixed(1)} s (one transaction).`;
}

export async function runListsAtScaleBench(
  say: Say,
  parts: ReadonlySet<ListsAtScalePart>,
): Promise<void> {
  const wants = (part: ListsAtScalePart) => parts.has(part);
  if ((wants('lists') || wants('instances')) && !findWrk()) {
    throw new Error(
      'wrk is not installed (apt-get install wrk): the list and instance parts need it',
    );
  }
  const startLoad = loadAverage();
  const isBusy = (os.loadavg()[0] ?? 0) > os.cpus().length;
  const seedLines: string[] = [];
  const lists: ListFigures[] = [];
  let browser: BrowserFigures[] | null = null;
  let instances: InstanceFigures | null = null;
  const exports: ExportMemoryResult[] = [];
  let postgresLine = '';

  if (wants('browser')) ensureClientBuild();
  if (wants('lists') || wants('browser')) {
    console.log('lists at scale: SQLite seed');
    const seeded = await startSeededServer();
    try {
      seedLines.push(seedLine(seeded));
      if (wants('lists')) lists.push(await measureLists(seeded));
      if (wants('browser')) browser = await measureListBrowser(seeded);
    } finally {
      await seeded.stop();
    }
  }
  if (wants('export')) {
    console.log('lists at scale: export on SQLite');
    exports.push(await measureExportMemory());
  }
  if (wants('lists') || wants('instances') || wants('export')) {
    const postgres = await startPostgres();
    if ('skipped' in postgres) {
      postgresLine = postgres.skipped;
    } else {
      postgresLine = `PostgreSQL: ${postgres.description}.`;
      try {
        if (wants('lists') || wants('instances')) {
          console.log('lists at scale: PostgreSQL seed');
          const seeded = await startSeededServer(postgres.url);
          try {
            seedLines.push(seedLine(seeded));
            if (wants('lists')) lists.push(await measureLists(seeded));
          } finally {
            await seeded.stop();
          }
          if (wants('instances')) {
            instances = await measureInstances(postgres.url, postgres.pid, seeded.member);
          }
        }
        if (wants('export')) {
          console.log('lists at scale: export on PostgreSQL');
          exports.push(await measureExportMemory({ databaseUrl: postgres.url }));
        }
      } finally {
        postgres.stop();
      }
    }
  }

  say(listsAtScaleHeading);
  say();
  say(
    `Command: \`npm run bench\` (this section alone: \`node bench/run.ts scale\`, or one part: \`lists\`, \`browser\`, \`instances\`, \`export\`). ` +
      `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB memory, ` +
      `Node ${process.version}, ${os.platform()} ${os.release()}. Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. ` +
      `Load average at the start: ${startLoad}; at the end: ${loadAverage()} (1, 5, 15 min). ` +
      'The load generator, the servers, PostgreSQL and Chromium share these cores; anything else running raises every latency here.',
  );
  if (isBusy) {
    say();
    say(
      `**The machine was busy: a 1-minute load average above its ${os.cpus().length} cores when the run started (other work, ` +
        "or this bench's own steps before it: the average trails by a minute). The latency figures below measure that contention, not the code: every request waits for a core. " +
        'Read them as a record of this run, and take the targets from a run on a quiet machine (`node bench/run.ts scale`).**',
    );
  }
  if (process.env.BENCH_SECONDS) {
    say();
    say(
      `**Shortened run (BENCH_SECONDS=${process.env.BENCH_SECONDS}): development figures only.**`,
    );
  }
  say();
  say(
    `Seed (bench/list-seed.ts): one member with ${seedCounts.journalEntries.toLocaleString('en-US')} journal entries (their own sentences and a copied KJV verse), ` +
      `${seedCounts.savedVerses.toLocaleString('en-US')} saved verses (distinct KJV verses), every chapter bookmarked and read, every verse of Psalms highlighted, ` +
      `${seedCounts.verseNotes.toLocaleString('en-US')} notes on verses (their own sentences, one on every third verse), ${seedCounts.prayerRequests.toLocaleString('en-US')} prayer requests (a quarter answered), ` +
      `${seedCounts.notifications.toLocaleString('en-US')} notifications and ${seedCounts.ownTestimonies} testimonies of their own; ` +
      `${seedCounts.approvedTestimonies.toLocaleString('en-US')} approved testimonies from ${seedCounts.testimonyAuthors.toLocaleString('en-US')} other people and ` +
      `${seedCounts.pendingTestimonies.toLocaleString('en-US')} pending ones. The member and a moderator sign up through the API (real sessions); ` +
      'the rows go straight into the database with multi-row inserts in one transaction, through Kysely on the schema the server migrates to, ' +
      "so the full-text index is kept by the schema's own triggers or generated columns as for rows the API writes. " +
      'PostgreSQL is then ANALYZEd (what autovacuum does within a minute of a bulk load); SQLite is left as the server leaves it.',
  );
  say();
  for (const line of seedLines) say(line);
  if (postgresLine) say(`- ${postgresLine} Each server's pool holds 10 connections.`);
  say();

  if (lists.length > 0) reportLists(say, lists);
  if (browser) reportListBrowser(say, browser, await chromiumVersion());
  if (instances) reportInstances(say, instances, os.cpus().length);
  if (exports.length > 0) {
    say('### Export of the 10,000-entry account');
    say();
    say(
      'bench/export-memory.ts: a server process with a member of 10,000 journal entries and 5,000 saved verses; the export is ' +
        "downloaded as a browser asks for it while the server's resident set (VmRSS) is sampled. Target: RSS grows ≤ 50 MB.",
    );
    say();
    for (const result of exports) say(`- ${describeExportMemory(result)}`);
    say();
  }
  if (lists.length > 0) {
    say(
      `Targets in short: list first pages p99 ≤ ${firstPageTargets.SQLite} ms (SQLite) / ≤ ${firstPageTargets.PostgreSQL} ms (PostgreSQL) at 50 connections, ` +
        'journal and notes search p95 ≤ 20 ms (the notes within the journal), first list row ≤ 1 s, ≤ 3,000 DOM nodes and ≤ 60 MB heap, ≤ 5,000 nodes after 500 rows, export RSS growth ≤ 50 MB. ' +
        'Each figure above says met or **not met** beside it.',
    );
    say();
  }
}
