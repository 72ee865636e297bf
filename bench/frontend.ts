// Front end: the JavaScript each route needs on first load, from the build's Vite manifest;
// Lighthouse (mobile preset, its CPU slowdown calibrated to this machine: cpu-calibration.ts) on
// every screen a visitor can open, served by the real server, and a 404 page, alternately with
// the last release built beside it (baseline-build.ts, BENCH_BASELINE); and each screen's
// main-thread work during load from a Chromium trace, with and without its scripts
// (main-thread-trace.ts). Called by bench/run.ts (`node bench/run.ts frontend` rewrites only its
// section); `node bench/frontend.ts` prints it, `node bench/frontend.ts sizes` the JavaScript
// sizes alone. While working on it: BENCH_SCREENS=/,/feeling (some screens), LIGHTHOUSE_RUNS and
// TRACE_RUNS (3 by default), CALIBRATION_RUNS (5), BENCH_BASELINE=none (no comparison),
// BENCH_KEEP_BASELINE=1 (keep the last release's build for the next run).
// Targets (decisions 005 and 014): every route ≤ 150 KB gzip, the landing page ≤ 120; performance ≥ 95,
// accessibility 100, best practices 100, SEO ≥ 95, and no run of a screen under 90 (the 404
// page: accessibility and best practices only).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Browser, type Page as PlaywrightPage } from 'playwright-core';
import { ensureClientBuild } from '#scripts/ensure-client-build.ts';
import type { LibraryPlanId } from '#shared/plans/library.ts';
import { screenModulesOf } from '#shared/site-pages.ts';
import { notFoundRoute, siteRoutes } from '#shared/site-routes.ts';
import { startAppServer } from './app-server.ts';
import { appPaths, prepareBaselineBuild } from './baseline-build.ts';
import { onCleanup } from './cleanup.ts';
import { cpuSlowdownFor, median } from './cpu-calibration.ts';
import { runAlternately, type Build } from './lighthouse-ab.ts';
import { mainThreadWork, type MainThreadWork, type TraceEvent } from './main-thread-trace.ts';

type Say = (line?: string) => void;

const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.join(root, 'dist/client');
const landingTargetKb = 120;
const routeTargetKb = 150;

type ManifestChunk = { file: string; name?: string; src?: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** The JS files a chunk needs before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

function gzipKb(files: Iterable<string>): number {
  let bytes = 0;
  for (const file of files) bytes += gzipSync(fs.readFileSync(path.join(clientDir, file))).length;
  return bytes / 1024;
}

function routeSizes(say: Say): void {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const entry = staticClosure(manifest, 'index.html');
  // Chunk files are named by their hash alone (vite.config.ts); the manifest names their source.
  const chunkNames = new Map(
    Object.values(manifest).map((chunk) => [chunk.file, chunk.name ?? chunk.src ?? chunk.file]),
  );
  const routes = [
    ...siteRoutes.map((route) => ({ label: route.path, modules: screenModulesOf(route) })),
    { label: 'any other path (404)', modules: screenModulesOf(notFoundRoute) },
  ];
  say('### JavaScript on first load, per route');
  say();
  say(
    `Gzip size of the entry chunk, the route's screen chunk (with the sign-in check's, for a screen only for someone signed in) and their static imports (deduplicated), ` +
      `from \`dist/client/.vite/manifest.json\` (KB of 1,024 bytes, gzip level 6). The entry alone: ${gzipKb(entry).toFixed(1)} KB.`,
  );
  say();
  say('| Route | JS, KB gzip | Target |');
  say('| --- | ---: | --- |');
  const over: string[] = [];
  for (const route of routes) {
    const files = new Set(entry);
    for (const module of route.modules) staticClosure(manifest, module, files);
    const kb = gzipKb(files);
    const targetKb = route.label === '/' ? landingTargetKb : routeTargetKb;
    if (kb > targetKb) {
      // Where it goes: the route's own chunks of 2 KB and more, besides the entry.
      const biggest = [...files]
        .filter((file) => !entry.has(file))
        .map((file) => ({ file, kb: gzipKb([file]) }))
        .filter((chunk) => chunk.kb >= 2)
        .sort((a, b) => b.kb - a.kb)
        .map((chunk) => `${chunkNames.get(chunk.file) ?? chunk.file} ${chunk.kb.toFixed(1)}`);
      over.push(
        `- ${route.label}: ${kb.toFixed(1)} KB; its largest chunks: ${biggest.join(', ')}.`,
      );
    }
    say(
      `| ${route.label} | ${kb.toFixed(1)} | ≤ ${targetKb} KB ${kb <= targetKb ? '(met)' : '(NOT met)'} |`,
    );
  }
  say();
  if (over.length === 0) say('Every route is within its budget.');
  else {
    say('Over budget:');
    say();
    for (const line of over) say(line);
  }
  say();
}

/** A plan's own page (the plans catalogue's second plan). */
const planId: LibraryPlanId = 'bible-in-a-year';

/**
 * Every screen a visitor can open (src/shared/site-routes.ts): the public ones, a plan's page,
 * the two pages of e-mailed links and an invite link's page (opened without a valid token, as a
 * stranger would), the three screens for someone signed in that the brief names (a visitor opening
 * them is shown the sign-in form: RequireAuth), and a page that does not exist.
 */
const screens = [
  '/',
  '/feeling',
  '/verse-of-day',
  '/read-bible?book=John&chapter=3',
  '/read-bible?book=Psalms&chapter=119',
  '/prayer',
  '/journal',
  '/verse-graphics',
  '/testimony',
  '/saved-verses',
  '/auth',
  '/auth/reset-password',
  '/auth/confirm-email',
  '/plans',
  `/plans?plan=${planId}`,
  '/memorize',
  '/topics',
  '/notes',
  '/groups',
  '/groups/join/bench-invite',
  '/privacy-policy',
  '/terms-of-service',
  '/no-such-page',
];
const notFoundUrl = '/no-such-page';

/** The screens of this run: all, or those BENCH_SCREENS names (comma-separated, exact paths). */
function chosenScreens(): string[] {
  const wanted = process.env.BENCH_SCREENS?.split(',').map((entry) => entry.trim());
  if (!wanted?.length) return screens;
  const unknown = wanted.filter((entry) => !screens.includes(entry));
  if (unknown.length > 0) {
    throw new Error(
      `BENCH_SCREENS: no screen ${unknown.join(', ')}; choose from ${screens.join(', ')}`,
    );
  }
  return screens.filter((screen) => wanted.includes(screen));
}

/** A missing page is kept out of search results (noindex) and has nothing to measure for speed. */
const notFoundCategories: readonly CategoryId[] = ['accessibility', 'best-practices'];
/** No single run of a screen may score under this (a run on a loaded machine). */
const lowestRunTarget = 90;
const categoryTargets = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 95,
} as const;
type CategoryId = keyof typeof categoryTargets;
const categoryIds = Object.keys(categoryTargets) as CategoryId[];

/**
 * What counts as worse than the last release rather than noise: every run of this build below
 * every run of the last (performance), or above (total blocking time), by at least this much
 * between the medians.
 */
const worsePoints = 3;
const worseTbtMs = 50;

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function score(lhr: Result, id: CategoryId): number {
  return Math.round((lhr.categories[id]?.score ?? 0) * 100);
}

/** The audits that cost a category points, worst first. */
function failingAudits(lhr: Result, id: CategoryId): string[] {
  const category = lhr.categories[id];
  if (!category) return [];
  return category.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 0.9)
    .sort((a, b) => (a?.score ?? 0) - (b?.score ?? 0))
    .map((audit) => {
      const value = audit?.displayValue ? ` (${audit.displayValue.replace(/\s/g, ' ')})` : '';
      return `${audit?.id}: ${audit?.title}${value}, score ${Math.round((audit?.score ?? 0) * 100)}`;
    });
}

function numeric(lhr: Result, id: string): number {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const millis = (ms: number) => `${Math.round(ms).toLocaleString('en-US')} ms`;
const signed = (value: number, digits = 0) =>
  `${value > 0 ? '+' : value < 0 ? '−' : '±'}${Math.abs(value).toFixed(digits)}`;

/** Lighthouse's main-thread work of a run, per group, divided back by the CPU slowdown. */
function lighthouseMainThread(lhr: Result, multiplier: number): { total: number; script: number } {
  const audit = lhr.audits['mainthread-work-breakdown'];
  const items = ((audit?.details as { items?: { group: string; duration: number }[] } | undefined)
    ?.items ?? []) as { group: string; duration: number }[];
  const script = items
    .filter((item) =>
      ['scriptEvaluation', 'scriptParseCompile', 'garbageCollection'].includes(item.group),
    )
    .reduce((sum, item) => sum + item.duration, 0);
  return { total: (audit?.numericValue ?? 0) / multiplier, script: script / multiplier };
}

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
];

/**
 * One Lighthouse run, mobile preset (the default config) with the given CPU slowdown (the
 * default 4 when none). A trace that fails to record (NO_NAVSTART and the like, which happens
 * on a loaded machine) is run again, twice at most.
 */
async function audit(
  url: string,
  port: number,
  options: { multiplier?: number; categories?: readonly CategoryId[] } = {},
): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...(options.categories ?? categoryIds)],
      // Not part of any score, and seconds of a run on this machine.
      disableFullPageScreenshot: true,
      ...(options.multiplier ? { throttling: { cpuSlowdownMultiplier: options.multiplier } } : {}),
      // The 404 page is measured as the page it is (Lighthouse stops at a 404 otherwise).
      ignoreStatusCode: url.endsWith(notFoundUrl),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result.lhr;
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${error.code} ${error.message}`);
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');

/** The median of each figure over a screen's runs of one build. */
type Summary = {
  runs: Result[];
  scores: Record<CategoryId, number>;
  performanceRuns: number[];
  tbtRuns: number[];
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  lighthouseMainThread: { total: number; script: number };
};

function summarise(runs: Result[], multiplier: number): Summary {
  const med = (values: number[]) => median(values);
  const scores = Object.fromEntries(
    categoryIds.map((id) => [id, med(runs.map((lhr) => score(lhr, id)))]),
  ) as Record<CategoryId, number>;
  const mainThread = runs.map((lhr) => lighthouseMainThread(lhr, multiplier));
  return {
    runs,
    scores,
    performanceRuns: runs.map((lhr) => score(lhr, 'performance')),
    tbtRuns: runs.map((lhr) => numeric(lhr, 'total-blocking-time')),
    fcp: med(runs.map((lhr) => numeric(lhr, 'first-contentful-paint'))),
    lcp: med(runs.map((lhr) => numeric(lhr, 'largest-contentful-paint'))),
    tbt: med(runs.map((lhr) => numeric(lhr, 'total-blocking-time'))),
    cls: med(runs.map((lhr) => numeric(lhr, 'cumulative-layout-shift'))),
    lighthouseMainThread: {
      total: med(mainThread.map((entry) => entry.total)),
      script: med(mainThread.map((entry) => entry.script)),
    },
  };
}

/** The run whose score for this category is the median (for the audits that cost it points). */
function medianRun(summary: Summary, id: CategoryId): Result | undefined {
  const sorted = [...summary.runs].sort((a, b) => score(a, id) - score(b, id));
  return sorted[Math.floor(sorted.length / 2)];
}

/** Why this build is worse than the last release on a screen, beyond the noise; none if not. */
function worseThanLast(now: Summary, last: Summary, isNotFound: boolean): string[] {
  const reasons: string[] = [];
  if (!isNotFound) {
    const drop = last.scores.performance - now.scores.performance;
    if (
      drop >= worsePoints &&
      Math.max(...now.performanceRuns) < Math.min(...last.performanceRuns)
    ) {
      reasons.push(`performance ${signed(-drop)} (every run under every run of the last release)`);
    }
    const rise = now.tbt - last.tbt;
    if (rise >= worseTbtMs && Math.min(...now.tbtRuns) > Math.max(...last.tbtRuns)) {
      reasons.push(`TBT ${signed(rise)} ms (every run over every run of the last release)`);
    }
  }
  for (const id of isNotFound ? notFoundCategories : categoryIds.slice(1)) {
    if (now.scores[id] < last.scores[id]) {
      reasons.push(`${id} ${now.scores[id]} (last release ${last.scores[id]})`);
    }
  }
  return reasons;
}

async function runLighthouse(say: Say, runs: number, pages: readonly string[]): Promise<void> {
  const loadAtStart = loadAverage();
  const baseline = process.env.BENCH_BASELINE === 'none' ? undefined : prepareBaselineBuild();
  const server = await startAppServer({ clientDir, logLevel: 'warn' });
  const lastServer = baseline
    ? await startAppServer({ root: baseline.root, clientDir: baseline.clientDir, logLevel: 'warn' })
    : undefined;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags,
  });
  // A run stopped with Ctrl-C or SIGTERM skips the `finally` below; the exit hook closes Chrome.
  const closeChrome = onCleanup(() => chrome.kill());
  try {
    // Calibration: the host's benchmarkIndex from runs at Lighthouse's default slowdown, and the
    // multiplier Lighthouse's throttling guide gives for it.
    const calibrationRuns = Number(process.env.CALIBRATION_RUNS ?? 5);
    const indexes: number[] = [];
    for (let run = 0; run < calibrationRuns; run += 1) {
      console.log(`  calibration run ${run + 1}`);
      const lhr = await audit(`${server.url}/`, chrome.port, { categories: ['performance'] });
      indexes.push(lhr.environment.benchmarkIndex);
    }
    const calibration = cpuSlowdownFor(median(indexes));
    const { multiplier } = calibration;

    const builds: Build[] = [{ name: 'now', url: server.url }];
    if (lastServer) builds.push({ name: 'last', url: lastServer.url });
    const results = await runAlternately(builds, pages, runs, async (build, page) => {
      console.log(`  ${build.name} ${page}`);
      return audit(build.url + page, chrome.port, { multiplier });
    });
    const allIndexes = [...results.values()].flatMap((byBuild) =>
      [...byBuild.values()].flat().map((lhr) => lhr.environment.benchmarkIndex),
    );
    const summaries = new Map(
      [...results].map(([page, byBuild]) => [
        page,
        {
          now: summarise(byBuild.get('now') ?? [], multiplier),
          last: byBuild.get('last') ? summarise(byBuild.get('last') ?? [], multiplier) : undefined,
        },
      ]),
    );
    const version = [...summaries.values()][0]?.now.runs[0]?.lighthouseVersion ?? '?';

    say('### Lighthouse, calibrated to this machine');
    say();
    say(
      `Lighthouse ${version}, mobile preset (default config: mobile form factor, simulated ` +
        `throttling) with the CPU slowdown calibrated to the host, Chromium headless, the ` +
        `production server on loopback. Load average ${loadAtStart} (1, 5, 15 min) at the start ` +
        `of this part, ${loadAverage()} at its end.`,
    );
    say();
    say(
      `- Calibration: the host's \`benchmarkIndex\` (\`lhr.environment.benchmarkIndex\`), median of ` +
        `${calibrationRuns} runs on \`/\` at the default slowdown: **${median(indexes).toFixed(0)}** ` +
        `(runs: ${indexes.map((index) => index.toFixed(0)).join(', ')}; median over all ` +
        `${allIndexes.length} runs below: ${median(allIndexes).toFixed(0)}).`,
    );
    say(
      `- CPU slowdown multiplier from it: **${multiplier.toFixed(1)}×** (Lighthouse's default is ` +
        `4×, meant for a high-end desktop, index 1,500–2,000), from the CPU slowdown calculator ` +
        `that Lighthouse's throttling guide (its "Calibrating the CPU slowdown") ` +
        `points to: linear between index 150 → 1×, 800 → 2×, 1,300 → 3×, then +1× per 233` +
        `${calibration.tooSlow ? '; this host is under 150, slower than the emulated phone: no slowdown' : ''}. ` +
        `Every run below uses \`throttling.cpuSlowdownMultiplier: ${multiplier.toFixed(1)}\`.`,
    );
    say(
      `- ${runs} run${runs > 1 ? 's' : ''} per screen and build; figures are medians. ` +
        `Targets: performance ≥ ${categoryTargets.performance} (no run under ` +
        `${lowestRunTarget}), accessibility ${categoryTargets.accessibility}, best practices ` +
        `${categoryTargets['best-practices']}, SEO ≥ ${categoryTargets.seo}; the 404 page ` +
        `(noindex, by design) for accessibility and best practices. /memorize, /topics, /notes and ` +
        `/groups are for someone signed in: a visitor gets the sign-in form there.`,
    );
    say();
    say(
      '| Screen | Performance | Lowest run | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS |',
    );
    say('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    const misses: string[] = [];
    for (const [page, { now }] of summaries) {
      const isNotFound = page === notFoundUrl;
      const lowest = Math.min(...now.performanceRuns);
      say(
        `| ${isNotFound ? `${page} (404)` : page} | ${now.scores.performance} | ${lowest} | ` +
          `${now.scores.accessibility} | ${now.scores['best-practices']} | ${now.scores.seo} | ` +
          `${seconds(now.fcp)} | ${seconds(now.lcp)} | ${millis(now.tbt)} | ${now.cls.toFixed(3)} |`,
      );
      if (!isNotFound && lowest < lowestRunTarget) {
        misses.push(
          `- ${page}: one run scored ${lowest} for performance (under ${lowestRunTarget}).`,
        );
      }
      for (const id of isNotFound ? notFoundCategories : categoryIds) {
        if (now.scores[id] >= categoryTargets[id]) continue;
        const run = medianRun(now, id);
        misses.push(`- ${page}, ${run?.categories[id]?.title ?? id} ${now.scores[id]}:`);
        for (const line of run ? failingAudits(run, id) : []) misses.push(`  - ${line}`);
      }
    }
    say();
    if (misses.length === 0) say('Every screen meets every Lighthouse target.');
    else {
      say('Under target, with the audits that cost points (from the run with the median score):');
      say();
      for (const line of misses) say(line);
    }
    say();

    if (baseline) {
      say('### Compared with the last release, in the same run');
      say();
      say(
        `The last release: \`${baseline.commit.slice(0, 8)}\` (${baseline.subject.slice(0, 80)}` +
          `${baseline.subject.length > 80 ? '…' : ''}), built in a \`git worktree\` of its own and ` +
          `served beside this build with the same settings (\`BENCH_BASELINE\` names another ` +
          `commit). Each screen ran on both in turn, ${runs} times each, so that the machine's ` +
          `load fell on both alike; medians, and this build less the last release. Worse beyond ` +
          `noise: every run of this build under every run of the last release and the median ` +
          `${worsePoints} points or more lower (performance), every run over and ${worseTbtMs} ms ` +
          `or more (TBT), or any lower accessibility, best practices or SEO score.`,
      );
      if (baseline.sameApp) {
        say();
        say(
          `**This build's app is the last release's**: nothing under ${appPaths.map((entry) => `\`${entry}\``).join(', ')} ` +
            `differs from \`${baseline.commit.slice(0, 8)}\`. Every difference below is the ` +
            `machine's noise, and a screen marked worse is a false alarm of the rule above.`,
        );
      }
      say();
      say(
        '| Screen | Performance now / last (Δ) | Runs now; last | TBT now / last (Δ) | LCP now / last (Δ) | A11y / BP / SEO now; last | Worse? |',
      );
      say('| --- | --- | --- | --- | --- | --- | --- |');
      const worse: string[] = [];
      for (const [page, { now, last }] of summaries) {
        if (!last) continue;
        const isNotFound = page === notFoundUrl;
        const reasons = worseThanLast(now, last, isNotFound);
        if (reasons.length > 0) worse.push(`- ${page}: ${reasons.join('; ')}.`);
        const others = (summary: Summary) =>
          categoryIds
            .slice(1)
            .map((id) => summary.scores[id])
            .join(' / ');
        say(
          `| ${page} | ${now.scores.performance} / ${last.scores.performance} ` +
            `(${signed(now.scores.performance - last.scores.performance)}) | ` +
            `${now.performanceRuns.join(', ')}; ${last.performanceRuns.join(', ')} | ` +
            `${millis(now.tbt)} / ${millis(last.tbt)} (${signed(now.tbt - last.tbt)}) | ` +
            `${seconds(now.lcp)} / ${seconds(last.lcp)} (${signed((now.lcp - last.lcp) / 1000, 1)}) | ` +
            `${others(now)}; ${others(last)} | ${reasons.length > 0 ? '**worse**' : 'no'} |`,
        );
      }
      say();
      if (worse.length === 0) say('No screen is worse than the last release beyond the noise.');
      else {
        say('Worse than the last release beyond the noise:');
        say();
        for (const line of worse) say(line);
      }
      say();
    }

    await traceMainThread(say, server.url, pages, summaries, multiplier);
  } finally {
    closeChrome();
    await server.stop();
    await lastServer?.stop();
  }
}

const traceCategories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'blink.user_timing',
];
const viewport = { width: 390, height: 844 };

/** After the load event, until no request has been open for `quietMs` (at most 20 s more). */
async function waitForQuiet(page: PlaywrightPage, open: () => number, quietMs = 2000) {
  const deadline = Date.now() + 20_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (open() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await page.waitForTimeout(100);
  }
}

/** One cold load of a page in a fresh context, traced; its main thread's work. */
async function traceLoad(browser: Browser, url: string, scripts: boolean): Promise<MainThreadWork> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 3, isMobile: true });
  try {
    if (!scripts) await context.route('**/*.js', (route) => route.abort());
    const page = await context.newPage();
    let open = 0;
    page.on('request', () => (open += 1));
    page.on('requestfinished', () => (open -= 1));
    page.on('requestfailed', () => (open -= 1));
    await browser.startTracing(page, { categories: traceCategories });
    let trace: Buffer;
    try {
      await page.goto(url, { waitUntil: 'load' });
      await waitForQuiet(page, () => open);
    } finally {
      trace = await browser.stopTracing();
    }
    const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
    return mainThreadWork(traceEvents, url);
  } finally {
    await context.close();
  }
}

type Work = { scripts: MainThreadWork; noScripts: MainThreadWork };

function medianWork(works: MainThreadWork[]): MainThreadWork {
  const kinds = ['scripting', 'style', 'layout', 'other', 'total'] as const;
  return Object.fromEntries(
    kinds.map((kind) => [kind, median(works.map((work) => work[kind]))]),
  ) as MainThreadWork;
}

async function traceMainThread(
  say: Say,
  url: string,
  pages: readonly string[],
  summaries: Map<string, { now: Summary }>,
  multiplier: number,
): Promise<void> {
  const runs = Number(process.env.TRACE_RUNS ?? 3);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  const loadAtStart = loadAverage();
  const works = new Map<string, Work>();
  try {
    for (const page of pages) {
      console.log(`  trace ${page}`);
      const withScripts: MainThreadWork[] = [];
      const withoutScripts: MainThreadWork[] = [];
      for (let run = 0; run < runs; run += 1) {
        withScripts.push(await traceLoad(browser, url + page, true));
        withoutScripts.push(await traceLoad(browser, url + page, false));
      }
      works.set(page, { scripts: medianWork(withScripts), noScripts: medianWork(withoutScripts) });
    }
  } finally {
    await browser.close();
  }
  const ms = (value: number) => Math.round(value).toLocaleString('en-US');
  const cell = (work: Work, kind: keyof MainThreadWork) =>
    `${ms(work.scripts[kind])} / ${ms(work.noScripts[kind])} (${signed(work.scripts[kind] - work.noScripts[kind])})`;

  say("### Main-thread work during load, with and without the app's JavaScript");
  say();
  say(
    `Each screen loaded cold (a fresh browser context) in Chromium headless through ` +
      `playwright-core, ${viewport.width}×${viewport.height} (mobile, device scale 3), no ` +
      `throttling, traced over CDP (categories ${traceCategories.map((cat) => `\`${cat}\``).join(', ')}) ` +
      `from the page's navigation start to the load event and then 2 s without a request in ` +
      `flight; then the same with the page's scripts blocked (every \`**/*.js\` request ` +
      `aborted: only the inline theme script runs). The page's renderer main thread, each ` +
      `event's self time by kind: scripting (script evaluation and compilation, function calls, ` +
      `timers, events, microtasks, animation frames, garbage collection), style (UpdateLayoutTree ` +
      `/ RecalculateStyles), layout (Layout), and all of it (with HTML parsing, paint, the scheduler's own tasks and the ` +
      `rest). Median of ${runs} loads each, in ms: with scripts / without (difference: what the ` +
      `app's JavaScript costs the screen). The last column checks the total against Lighthouse's ` +
      `\`mainthread-work-breakdown\` of the runs above (its load, unthrottled, divided back by ` +
      `the ${multiplier.toFixed(1)}× it multiplies by; scripting there: evaluation, compilation ` +
      `and garbage collection). Load average ${loadAtStart} at the start of this part.`,
  );
  say();
  say(
    '| Screen | Scripting | Style | Layout | All main-thread work | Lighthouse: all / scripting |',
  );
  say('| --- | --- | --- | --- | --- | --- |');
  for (const [page, work] of works) {
    const check = summaries.get(page)?.now.lighthouseMainThread;
    say(
      `| ${page} | ${cell(work, 'scripting')} | ${cell(work, 'style')} | ${cell(work, 'layout')} | ` +
        `${cell(work, 'total')} | ${check ? `${ms(check.total)} / ${ms(check.script)}` : '?'} |`,
    );
  }
  say();
}

export const frontendHeading = '## Front end';

export async function runFrontendBench(say: Say): Promise<void> {
  ensureClientBuild();
  say(frontendHeading);
  say();
  routeSizes(say);
  await runLighthouse(say, Number(process.env.LIGHTHOUSE_RUNS ?? 3), chosenScreens());
}

// `node bench/frontend.ts sizes`: the JavaScript table alone, from the current build (seconds,
// where Lighthouse takes minutes): the check to run after a change that may grow a route.
if (import.meta.main) {
  const say = (line = '') => console.log(line);
  if (process.argv.includes('sizes')) routeSizes(say);
  else await runFrontendBench(say);
}
