// What the study data costs the server (decision 023): the cross-references' first load (time,
// and the memory it keeps, in a fresh process) and a verse's cross-references answered through
// the route (app.inject: routing, validation, the words, JSON), over 200 verses spread through the
// Bible, in each translation. Target: p95 ≤ 2 ms.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '#server/app.ts';
import { loadKingJamesVersion } from '#server/bible/kjv.ts';
import { createTranslations } from '#server/bible/translations.ts';
import { systemClock } from '#server/clock.ts';
import { readConfig } from '#server/config.ts';
import { connectDatabase } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { forgetStudyPack } from '#server/features/study/study-download.ts';
import { chapterStudy } from '#server/features/study/study.service.ts';
import { books } from '#shared/bible/books.ts';
import { canonicalChapters } from '#shared/bible/chapter.ts';
import { translationIds } from '#shared/bible/translations.ts';
import { verseAt, verseTotal } from '#shared/bible/verse-index.ts';
import { studyDataVersion } from '#shared/rules/study.ts';
import { tempDir } from './cleanup.ts';
import { median } from './load.ts';

type Say = (line?: string) => void;

export const studyHeading = '## Study data';

const root = path.resolve(import.meta.dirname, '..');

type Load = { ms: number; heapMb: number; buffersMb: number };

/** Runs a measuring script in a fresh Node (garbage collection exposed); its last line is JSON. */
function inFreshProcess(script: string): Load {
  const output = execFileSync(
    process.execPath,
    ['--expose-gc', '--input-type=module', '-e', script],
    { cwd: root, encoding: 'utf8' },
  );
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Load;
}

/** One cold load of the cross-references in its own process. */
function loadOnce(): Load {
  const script = `
    const { crossReferenceRows } = await import('./src/server/study/cross-references.ts');
    globalThis.gc(); globalThis.gc();
    const before = process.memoryUsage();
    const started = performance.now();
    const rows = crossReferenceRows();
    const ms = performance.now() - started;
    globalThis.gc(); globalThis.gc();
    const after = process.memoryUsage();
    console.log(JSON.stringify({
      ms,
      heapMb: (after.heapUsed - before.heapUsed) / 1e6,
      buffersMb: (after.arrayBuffers - before.arrayBuffers) / 1e6,
      entries: rows.firsts.length,
    }));
  `;
  return inFreshProcess(script);
}

/**
 * Everything the study layer keeps, loaded in a fresh process as the server's warm-up does after
 * it listens: cross-references, Strong's tagging and dictionaries with every use indexed, the
 * commentary, the paragraphs, and search's transliterations.
 */
function loadAllOnce(): Load {
  const script = `
    const { loadKingJamesVersion } = await import('./src/server/bible/kjv.ts');
    const { transliterationIndex } = await import('./src/server/bible/search/strongs-search.ts');
    const { loadCommentary } = await import('./src/server/study/commentary.ts');
    const { crossReferenceRows } = await import('./src/server/study/cross-references.ts');
    const { paragraphStarts } = await import('./src/server/study/paragraphs.ts');
    const { usesOf } = await import('./src/server/study/strongs-dictionary.ts');
    const { strongsRows } = await import('./src/server/study/strongs.ts');
    const kjv = loadKingJamesVersion();
    globalThis.gc(); globalThis.gc();
    const before = process.memoryUsage();
    const started = performance.now();
    crossReferenceRows(); strongsRows(); loadCommentary(); paragraphStarts();
    usesOf(kjv, 1); transliterationIndex();
    const ms = performance.now() - started;
    globalThis.gc(); globalThis.gc();
    const after = process.memoryUsage();
    console.log(JSON.stringify({
      ms,
      heapMb: (after.heapUsed - before.heapUsed) / 1e6,
      buffersMb: (after.arrayBuffers - before.arrayBuffers) / 1e6,
    }));
  `;
  return inFreshProcess(script);
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

/** 200 verses spread evenly through the Bible, as addresses. */
function spreadVerses(): string[] {
  return Array.from({ length: 200 }, (_, index) => {
    const verse = verseAt(Math.floor((index * verseTotal) / 200) + (index % 7));
    const book = encodeURIComponent(books[verse?.bookIndex ?? 0]?.name ?? 'Genesis');
    return `/api/study/${book}/${verse?.chapter ?? 1}/${verse?.verse ?? 1}/cross-references`;
  });
}

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

/**
 * The study notes for offline use (GET /api/study/download): the pack's first build and
 * compression through the route, the longest the event loop waited meanwhile, its size, and an
 * answer once kept; the dictionaries beside it.
 */
async function studyPackBench(app: Awaited<ReturnType<typeof buildApp>>, say: Say): Promise<void> {
  const get = (url: string, encoding: string) =>
    app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
  const packUrl = `/api/study/download?v=${studyDataVersion}`;
  const firsts: { ms: number; stallMs: number; p99Ms: number }[] = [];
  let packBytes = 0;
  for (let round = 0; round < 3; round += 1) {
    forgetStudyPack();
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const started = performance.now();
    const response = await get(packUrl, 'br');
    firsts.push({
      ms: performance.now() - started,
      stallMs: delay.max / 1e6,
      p99Ms: delay.percentile(99) / 1e6,
    });
    delay.disable();
    if (response.statusCode !== 200) throw new Error(`${packUrl}: ${response.statusCode}`);
    packBytes = response.rawPayload.length;
  }
  // One step of the build between two turns of the event loop: a chapter's study data as JSON.
  const steps = canonicalChapters().map((position) => {
    const started = performance.now();
    JSON.stringify(chapterStudy(position));
    return performance.now() - started;
  });
  const keptStarted = performance.now();
  await get(packUrl, 'br');
  const keptMs = performance.now() - keptStarted;
  const plainBytes = (await get(packUrl, 'identity')).rawPayload.length;
  const gzipBytes = (await get(packUrl, 'gzip')).rawPayload.length;
  const dictionaryUrl = `/api/study/dictionary?v=${studyDataVersion}`;
  const dictionaryStarted = performance.now();
  const dictionaryBytes = (await get(dictionaryUrl, 'br')).rawPayload.length;
  const dictionaryMs = performance.now() - dictionaryStarted;
  say();
  say(
    `- The study notes for offline use (GET /api/study/download, every chapter's study data, built once per process on first request): ` +
      `first answer ${median(firsts.map((first) => first.ms)).toFixed(0)} ms (median of 3: building the 1,189 lines a chapter at a time, then brotli 9 on zlib's thread pool), ` +
      `the event loop's delay meanwhile p99 ${median(firsts.map((first) => first.p99Ms)).toFixed(1)} ms, max ${median(firsts.map((first) => first.stallMs)).toFixed(1)} ms ` +
      `(garbage collection and the machine's other load included; one chapter's step alone: p50 ${percentile(steps, 0.5).toFixed(2)} ms, p99 ${percentile(steps, 0.99).toFixed(2)} ms); ` +
      `once kept, ${keptMs.toFixed(1)} ms through app.inject. ` +
      `Size: ${megabytes(plainBytes)} of JSON lines, ${megabytes(packBytes)} brotli, ${megabytes(gzipBytes)} gzip (target ≤ 8 MB brotli). ` +
      `The Strong's dictionaries beside it (GET /api/study/dictionary): ${megabytes(dictionaryBytes)} brotli, first answer ${dictionaryMs.toFixed(0)} ms; ` +
      `the download the reader offers: ${megabytes(packBytes + dictionaryBytes)}.`,
  );
}

export async function runStudyBench(say: Say): Promise<void> {
  say(studyHeading);
  say();
  say(
    `Command: \`node bench/run.ts study\` (also part of \`npm run bench\`). Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ` +
      `Node ${process.version}. Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. ` +
      'The cross-references read on first use in a fresh process, 5 times (median; the memory kept after a forced garbage collection: ' +
      'heap, and the typed arrays outside it); then GET /api/study/{book}/{chapter}/{verse}/cross-references through app.inject for 200 verses ' +
      'spread through the Bible, 5 rounds after one, first page of 5 and a page of 20. Target (decision 023): p95 ≤ 2 ms; memory added ≤ 60 MB.',
  );
  say();
  const loads = Array.from({ length: 5 }, loadOnce);
  say(
    `- First load: ${median(loads.map((load) => load.ms)).toFixed(1)} ms; memory kept ` +
      `${median(loads.map((load) => load.heapMb)).toFixed(1)} MB of heap and ` +
      `${median(loads.map((load) => load.buffersMb)).toFixed(1)} MB of typed arrays.`,
  );
  const all = Array.from({ length: 3 }, loadAllOnce);
  const allHeap = median(all.map((load) => load.heapMb));
  say(
    `- The whole study layer (cross-references, Strong's tagging and dictionaries with every use ` +
      `indexed, the commentary, the paragraphs, the transliterations), as the server loads it after ` +
      `it listens: ${median(all.map((load) => load.ms)).toFixed(0)} ms of warm-up in steps; memory kept ` +
      `${allHeap.toFixed(1)} MB of heap and ${median(all.map((load) => load.buffersMb)).toFixed(1)} MB ` +
      `of typed arrays (target ≤ 60 MB: ${allHeap <= 60 ? 'met' : 'missed'}).`,
  );
  const kjv = loadKingJamesVersion();
  const translations = createTranslations(kjv);
  const { dir: dataDir, remove } = tempDir('study');
  const database = connectDatabase({ dialect: 'sqlite', filename: path.join(dataDir, 'bench.db') });
  try {
    await migrateToLatest(database.db, database.dialect);
    const app = await buildApp({
      config: { ...readConfig({}), dataDir, clientDir: path.join(dataDir, 'no-client') },
      database,
      clock: systemClock,
      bible: kjv,
      translations,
      startedAt: Date.now(),
      logger: false,
    });
    await app.ready();
    const urls = spreadVerses();
    say();
    say('| Translation | Page | p50 | p95 | p99 | p95 target |');
    say('| --- | ---: | ---: | ---: | ---: | --- |');
    for (const translation of translationIds) {
      for (const limit of [5, 20]) {
        const times: number[] = [];
        for (let round = 0; round < 6; round += 1) {
          for (const url of urls) {
            const started = performance.now();
            const response = await app.inject({
              method: 'GET',
              url: `${url}?translation=${translation}&limit=${limit}`,
            });
            if (round > 0) times.push(performance.now() - started);
            if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
          }
        }
        const p95 = percentile(times, 0.95);
        say(
          `| ${translation.toUpperCase()} | ${limit} | ${percentile(times, 0.5).toFixed(2)} ms | ${p95.toFixed(2)} ms | ` +
            `${percentile(times, 0.99).toFixed(2)} ms | ${p95 <= 2 ? 'met' : 'missed'} |`,
        );
      }
    }
    // A word's entry with its every use (the index built once, first).
    const numbers = [
      'G25',
      'G2316',
      'G26',
      'H430',
      'H3068',
      'H2617',
      'G4100',
      'H1254',
      'G2889',
      'H7225',
    ];
    const heapBefore = process.memoryUsage().heapUsed;
    const firstStarted = performance.now();
    await app.inject({ method: 'GET', url: '/api/study/strongs/G25' });
    const firstMs = performance.now() - firstStarted;
    const heapAddedMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
    const entryTimes: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      for (const number of numbers) {
        const started = performance.now();
        const response = await app.inject({
          method: 'GET',
          url: `/api/study/strongs/${number}?offset=${round}&limit=10`,
        });
        entryTimes.push(performance.now() - started);
        if (response.statusCode !== 200) throw new Error(`${number}: ${response.statusCode}`);
      }
    }
    const entryP95 = percentile(entryTimes, 0.95);
    say();
    say(
      `- A Strong's number with its renderings and a page of every use, 200 lookups of 10 numbers (H3068 stands in 6,000+ verses): ` +
        `p50 ${percentile(entryTimes, 0.5).toFixed(2)} ms, p95 ${entryP95.toFixed(2)} ms (${entryP95 <= 2 ? 'met' : 'missed'}). ` +
        `The first lookup reads the tagging and the dictionaries and indexes every use: ${firstMs.toFixed(0)} ms once, ` +
        `about ${heapAddedMb.toFixed(0)} MB of heap (before garbage collection).`,
    );
    await studyPackBench(app, say);
    await app.close();
  } finally {
    await database.close();
    remove();
  }
  say();
}
