// `npm run bench`: measures the server and writes docs/benchmarks.md. `node bench/run.ts <part…>`
// runs only one part: the chapter API's comparison with nginx (chapter), the offline download
// (offline), a chapter turn (turn), the front end's JavaScript and Lighthouse (frontend), the
// translations' load time and heap (translations), search in each translation (search), the study
// data's load and cross-reference answers (study), 500 group event streams (group-streams), a profile
// picture's intake (pictures), hostile request bodies against the event loop (bodies), the
// event loop under the signed-in mix with exports and uploads (event-loop), or
// the lists at scale (lists, browser, instances, export; scale for all four), and
// rewrites only that section of docs/benchmarks.md, keeping the rest. Targets live here,
// never in timed tests. Everything it starts (servers, nginx, PostgreSQL, temp dirs) is undone
// by cleanup.ts, even when a step fails. BENCH_SECONDS=2 shortens every load run (development).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureClientBuild } from '#scripts/ensure-client-build.ts';
import { loadKingJamesVersion } from '#server/bible/kjv.ts';
import { hashPassword, verifyPassword } from '#server/security/password.ts';
import { startAppServer } from './app-server.ts';
import { bodiesHeading, runBodiesBench } from './bodies.ts';
import { chapterTurnHeading, runChapterTurnBench } from './chapter-turn.ts';
import { runChapterBench } from './chapter.ts';
import { eventLoopHeading, runEventLoopBench } from './event-loop.ts';
import { frontendHeading, runFrontendBench } from './frontend.ts';
import { groupStreamsHeading, runGroupStreamsBench } from './group-streams.ts';
import {
  listsAtScaleHeading,
  listsAtScaleParts,
  runListsAtScaleBench,
  type ListsAtScalePart,
} from './lists-at-scale.ts';
import { benchSeconds, formatRate, measure, median } from './load.ts';
import { offlineHeading, runOfflineDownloadBench } from './offline-download.ts';
import { picturesHeading, runPicturesBench } from './pictures.ts';
import { runSearchBench, runTranslationSearchBench, translationSearchHeading } from './search.ts';
import { runSignedInBench } from './signed-in.ts';
import { runStudyBench, studyHeading } from './study.ts';
import { runTranslationsBench, translationsHeading } from './translations.ts';

const root = path.resolve(import.meta.dirname, '..');
const lines: string[] = [];
const say = (line = '') => {
  console.log(line);
  lines.push(line);
};

const docFile = path.join(root, 'docs/benchmarks.md');

/** Replaces (or appends) the section whose heading starts with `heading`. */
function spliceSection(heading: string, section: string[]): void {
  const existing = fs.existsSync(docFile) ? fs.readFileSync(docFile, 'utf8').split('\n') : [];
  const start = existing.findIndex((line) => line.startsWith(heading));
  let end =
    start === -1 ? -1 : existing.findIndex((line, index) => index > start && /^## /.test(line));
  if (start !== -1 && end === -1) end = existing.length;
  const merged =
    start === -1
      ? [...existing.slice(0, existing.at(-1) === '' ? -1 : undefined), ...section]
      : [...existing.slice(0, start), ...section, ...existing.slice(end)];
  fs.writeFileSync(docFile, merged.join('\n').replace(/\n*$/, '\n'));
}

/** The lines of the section whose heading starts with `heading`, as docs/benchmarks.md has it. */
function currentSection(heading: string): string[] {
  const existing = fs.existsSync(docFile) ? fs.readFileSync(docFile, 'utf8').split('\n') : [];
  const start = existing.findIndex((line) => line.startsWith(heading));
  if (start === -1) return [];
  const end = existing.findIndex((line, index) => index > start && /^## /.test(line));
  return existing.slice(start, end === -1 ? undefined : end);
}

/** Splits a section into what precedes its first `### ` subsection, and the subsections. */
function subsections(section: string[]): { preamble: string[]; parts: Map<string, string[]> } {
  const first = section.findIndex((line) => line.startsWith('### '));
  const parts = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const line of first === -1 ? [] : section.slice(first)) {
    if (line.startsWith('### ')) parts.set(line, (current = []));
    current?.push(line);
  }
  return { preamble: first === -1 ? section : section.slice(0, first), parts };
}

const summaryLine = /^Targets in short:/;

/**
 * A run of some of a section's parts: the subsections it did not measure stay as the last run
 * that did wrote them, in their place, each saying when that was.
 */
function keepUnmeasured(heading: string, fresh: string[]): string[] {
  const old = subsections(currentSection(heading));
  const now = subsections(fresh);
  const oldDate = /Date: ([^.]*UTC)\./.exec(old.preamble.join(' '))?.[1];
  const oldLoad = /Load average at the start: ([\d., ]*\d)/.exec(old.preamble.join(' '))?.[1];
  const summary = [...fresh, ...currentSection(heading)].find((line) => summaryLine.test(line));
  // The seed lines of databases this run did not start (their subsections are kept) stay too.
  const label = (line: string) => /^- ([^:]*):/.exec(line)?.[1];
  const freshLabels = new Set(now.preamble.map(label).filter(Boolean));
  const oldSeed = old.preamble.filter((line) => label(line) && !freshLabels.has(label(line)));
  const lastBullet = now.preamble.findLastIndex((line) => line.startsWith('- '));
  const merged =
    lastBullet === -1
      ? [...now.preamble]
      : [
          ...now.preamble.slice(0, lastBullet + 1),
          ...oldSeed,
          ...now.preamble.slice(lastBullet + 1),
        ];
  const headings = [...old.parts.keys()];
  for (const key of now.parts.keys()) if (!old.parts.has(key)) headings.push(key);
  for (const key of headings) {
    const part = now.parts.get(key);
    const kept = old.parts.get(key) ?? [];
    const body = (part ?? kept).filter((line) => !summaryLine.test(line));
    while (body.at(-1) === '') body.pop();
    body.push('');
    const noted = body.some((line) => line.startsWith('(Not measured in this run'));
    if (part || !oldDate || noted) merged.push(...body);
    else
      merged.push(
        body[0] ?? key,
        '',
        `(Not measured in this run: from the run of ${oldDate}${oldLoad ? `, load average ${oldLoad} at its start` : ''}.)`,
        ...body.slice(1),
      );
  }
  while (merged.at(-1) === '') merged.pop();
  if (summary) merged.push('', summary);
  return [...merged, ''];
}

const chapterHeading = '## Chapter API against the physical limit';
const requested = process.argv.slice(2);
if (requested.length > 0) {
  const known = new Set<string>([
    ...listsAtScaleParts,
    'scale',
    'chapter',
    'offline',
    'turn',
    'frontend',
    'translations',
    'search',
    'pictures',
    'bodies',
    'study',
    'group-streams',
    'event-loop',
  ]);
  const unknown = requested.filter((part) => !known.has(part));
  if (unknown.length > 0) {
    console.error(`Unknown part ${unknown.join(', ')}: choose from ${[...known].join(', ')}.`);
    process.exit(2);
  }
  if (requested.includes('search')) {
    await runTranslationSearchBench(say);
    spliceSection(translationSearchHeading, lines.splice(0));
    console.log('\nWritten to the search per translation section of docs/benchmarks.md');
  }
  if (requested.includes('pictures')) {
    await runPicturesBench(say);
    spliceSection(picturesHeading, lines.splice(0));
    console.log('\nWritten to the profile pictures section of docs/benchmarks.md');
  }
  if (requested.includes('bodies')) {
    await runBodiesBench(say);
    spliceSection(bodiesHeading, lines.splice(0));
    console.log('\nWritten to the hostile request bodies section of docs/benchmarks.md');
  }
  if (requested.includes('study')) {
    await runStudyBench(say);
    spliceSection(studyHeading, lines.splice(0));
    console.log('\nWritten to the study data section of docs/benchmarks.md');
  }
  if (requested.includes('event-loop')) {
    await runEventLoopBench(say);
    spliceSection(eventLoopHeading, lines.splice(0));
    console.log('\nWritten to the event loop section of docs/benchmarks.md');
  }
  if (requested.includes('group-streams')) {
    await runGroupStreamsBench(say);
    spliceSection(groupStreamsHeading, lines.splice(0));
    console.log('\nWritten to the group event streams section of docs/benchmarks.md');
  }
  if (requested.includes('translations')) {
    runTranslationsBench(say);
    spliceSection(translationsHeading, lines.splice(0));
    console.log('\nWritten to the translations section of docs/benchmarks.md');
  }
  if (requested.includes('chapter')) {
    ensureClientBuild();
    await runChapterBench(say);
    spliceSection(chapterHeading, lines.splice(0));
    console.log('\nWritten to the chapter section of docs/benchmarks.md');
  }
  if (requested.includes('offline')) {
    ensureClientBuild();
    await runOfflineDownloadBench(say);
    spliceSection(offlineHeading, lines.splice(0));
    console.log('\nWritten to the offline download section of docs/benchmarks.md');
  }
  if (requested.includes('frontend')) {
    const loadAtStart = os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(', ');
    await runFrontendBench(say);
    const [heading = frontendHeading, ...rest] = lines.splice(0);
    spliceSection(frontendHeading, [
      heading,
      '',
      `Command: \`node bench/run.ts frontend\`. Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ` +
        `${Math.round(os.totalmem() / 2 ** 30)} GiB memory, Node ${process.version}, load average ${loadAtStart} ` +
        `(1, 5, 15 min) when it started. Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
      ...rest,
    ]);
    console.log('\nWritten to the front end section of docs/benchmarks.md');
  }
  if (requested.includes('turn')) {
    ensureClientBuild();
    await runChapterTurnBench(say);
    spliceSection(chapterTurnHeading, lines.splice(0));
    console.log('\nWritten to the chapter turn section of docs/benchmarks.md');
  }
  const parts = requested.includes('scale')
    ? new Set(listsAtScaleParts)
    : new Set(
        requested.filter((part): part is ListsAtScalePart =>
          (listsAtScaleParts as readonly string[]).includes(part),
        ),
      );
  if (parts.size > 0) {
    await runListsAtScaleBench(say, parts);
    spliceSection(
      listsAtScaleHeading,
      parts.size === listsAtScaleParts.length ? lines : keepUnmeasured(listsAtScaleHeading, lines),
    );
    console.log('\nWritten to the lists at scale section of docs/benchmarks.md');
  }
} else {
  await fullRun();
  fs.writeFileSync(docFile, lines.join('\n') + '\n');
  console.log('\nWritten to docs/benchmarks.md');
}

async function fullRun(): Promise<void> {
  say('# Benchmarks');
  say();
  say(
    `Command: \`npm run bench\`. Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB memory, Node ${process.version}, ${os.platform()} ${os.release()}. ` +
      `Date: ${new Date().toISOString().slice(0, 10)}.`,
  );
  say();
  say(
    `Load average when the run started: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')} (1, 5, 15 min). The load generator and the servers share these cores, and ` +
      'anything else running lowers every throughput figure: take figures on a quiet machine.',
  );
  if (process.env.BENCH_SECONDS) {
    say();
    say(
      `**Shortened run (BENCH_SECONDS=${process.env.BENCH_SECONDS}): development figures only.**`,
    );
  }
  say();

  // 1. Bible text loaded at start-up.
  say('## Bible data');
  const loadTimes: number[] = [];
  const heapBefore = process.memoryUsage().heapUsed;
  let verseCount = 0;
  for (let i = 0; i < 5; i += 1) {
    const start = performance.now();
    verseCount = loadKingJamesVersion().verseCount;
    loadTimes.push(performance.now() - start);
  }
  const heapAfter = process.memoryUsage().heapUsed;
  say(
    `- Loading and checking all ${verseCount.toLocaleString('en-US')} KJV verses: median ${median(loadTimes).toFixed(0)} ms over 5 loads.`,
  );
  say(
    `- Heap growth after 5 loads (≈ one retained copy plus garbage): ${((heapAfter - heapBefore) / 2 ** 20).toFixed(0)} MiB.`,
  );
  say();

  // Each translation's load time and heap (decision 015).
  runTranslationsBench(say);

  // The study data's load and cross-reference answers (decision 023).
  await runStudyBench(say);

  // A group page's live streams: memory per stream and one event to 500 (decision 028).
  await runGroupStreamsBench(say);

  // A profile picture's intake, and the refusals that must cost nothing (decision 017).
  await runPicturesBench(say);

  // What bodies built to be slow cost everyone else: /api/health under them.
  await runBodiesBench(say);

  // No request holds the event loop: the signed-in mix with exports and uploads beside it.
  await runEventLoopBench(say);

  // Password hashing: the cost of every sign-up, sign-in and reset (argon2id, OWASP parameters).
  say('## Password hashing');
  const hashTimes: number[] = [];
  const verifyTimes: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    let start = performance.now();
    const passwordHash = await hashPassword(`bench-password-${i}`);
    hashTimes.push(performance.now() - start);
    start = performance.now();
    await verifyPassword(passwordHash, `bench-password-${i}`);
    verifyTimes.push(performance.now() - start);
  }
  say(
    `- argon2id (m=19 MiB, t=2, p=1): hash median ${median(hashTimes).toFixed(0)} ms, verify median ${median(verifyTimes).toFixed(0)} ms over 10 runs.`,
  );
  say();

  // The servers below serve dist/client, as `npm start` does after building it.
  ensureClientBuild();

  // The chapter endpoint against nginx and a bare Node server.
  await runChapterBench(say);

  // The whole Bible for offline use, on the wire; turning a chapter.
  await runOfflineDownloadBench(say);
  await runChapterTurnBench(say);

  // Bible search (decision 010): index build, memory, per-query server time.
  await runSearchBench(say);
  await runTranslationSearchBench(say);

  // Saved verses and journal entries, on SQLite and PostgreSQL.
  await runSignedInBench(say);

  // JavaScript each route needs on first load, and Lighthouse.
  await runFrontendBench(say);

  // Lists at scale, the browser on long lists, three instances, the export (decision 012).
  await runListsAtScaleBench(say, new Set(listsAtScaleParts));

  // Server: cold start and a few more endpoints, server in its own process.
  const server = await startAppServer();
  say('## Server');
  say(
    `- Cold start (new SQLite database, migrations, Bible load, listening, first health check): ${server.startMs.toFixed(0)} ms.`,
  );
  say();
  say(
    `HTTP on loopback, \`npm start\` defaults, autocannon in the bench process, 10 connections, \`accept-encoding: gzip\`, ${benchSeconds(5)} s each after a warm-up run:`,
  );
  say();
  say('| Endpoint | Requests/s | p50 latency | p99 latency | Errors |');
  say('| --- | ---: | ---: | ---: | ---: |');
  const endpoints = [
    ['GET /api/health (SQLite query)', '/api/health'],
    ['GET /api/bible/John/3 (chapter)', '/api/bible/John/3'],
    [
      'GET /api/bible/passage?reference=John 3:16-18',
      '/api/bible/passage?reference=John%203%3A16-18',
    ],
    ['GET / (index.html)', '/'],
  ];
  try {
    for (const [label, pathName] of endpoints) {
      const result = await measure({
        url: server.url + pathName,
        connections: 10,
        seconds: 5,
        headers: { 'accept-encoding': 'gzip' },
      });
      say(
        `| ${label} | ${formatRate(result.requestsPerSecond)} | ${result.p50} ms | ${result.p99} ms | ${result.errors} |`,
      );
    }
  } finally {
    await server.stop();
  }
  say();
}
