// Front end: the JavaScript each route needs on first load, from the build's
// Vite manifest, and Lighthouse (mobile preset: the default config, simulated throttling) on
// every public screen served by the real server, and a 404 page. Called by bench/run.ts
// (`node bench/run.ts frontend` rewrites only its section); `node bench/frontend.ts` prints it,
// `node bench/frontend.ts sizes` the JavaScript sizes alone.
// Targets (decisions 005 and 014): every route ≤ 150 KB gzip, the landing page ≤ 120; performance ≥ 95,
// accessibility 100, best practices 100, SEO ≥ 95, and no run of a screen under 90 (the 404
// page: accessibility and best practices only).
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureClientBuild } from '#scripts/ensure-client-build.ts';
import { screenModulesOf } from '#shared/site-pages.ts';
import { notFoundRoute, siteRoutes } from '#shared/site-routes.ts';
import { startAppServer } from './app-server.ts';

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

/** Every public screen, and a page that does not exist. */
const lighthouseUrls = [
  '/',
  '/feeling',
  '/verse-of-day',
  '/read-bible?book=John&chapter=3',
  '/read-bible?book=Psalms&chapter=119',
  '/prayer',
  '/journal',
  '/verse-graphics',
  '/auth',
  '/testimony',
  '/saved-verses',
  '/privacy-policy',
  '/terms-of-service',
];
const notFoundUrl = '/no-such-page';
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
      const value = audit?.displayValue ? ` (${audit.displayValue})` : '';
      return `${audit?.id}: ${audit?.title}${value}, score ${Math.round((audit?.score ?? 0) * 100)}`;
    });
}

function metric(lhr: Result, id: string): string {
  return lhr.audits[id]?.displayValue?.replace(/\s/g, ' ') ?? '?';
}

/**
 * One Lighthouse run. A trace that fails to record (NO_NAVSTART and the like, which happens on
 * a loaded machine) is run again, twice at most.
 */
async function audit(url: string, port: number): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categoryIds,
      // The 404 page is measured as the page it is (Lighthouse stops at a 404 otherwise).
      ignoreStatusCode: url.endsWith(notFoundUrl),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result.lhr;
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${error.code} ${error.message}`);
  }
}

async function runLighthouse(say: Say, runs: number): Promise<void> {
  const server = await startAppServer({ clientDir, logLevel: 'warn' });
  const { url } = server;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
    ],
  });
  try {
    const medians: { page: string; lhr: Result; lowest: number }[] = [];
    for (const page of [...lighthouseUrls, notFoundUrl]) {
      const results: Result[] = [];
      for (let run = 0; run < runs; run += 1) {
        results.push(await audit(url + page, chrome.port));
      }
      results.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
      const lhr = results[Math.floor(results.length / 2)];
      if (lhr) medians.push({ page, lhr, lowest: score(results[0] ?? lhr, 'performance') });
    }

    say('### Lighthouse');
    say();
    say(
      `Lighthouse ${medians[0]?.lhr.lighthouseVersion ?? '?'}, mobile preset (default config: mobile form ` +
        `factor, simulated throttling), Chromium headless, the production server on loopback; ` +
        `the median of ${runs} run${runs > 1 ? 's' : ''} per page by performance score, and the ` +
        `lowest of them. Targets: performance ≥ ${categoryTargets.performance} (no run under ` +
        `${lowestRunTarget}), accessibility ${categoryTargets.accessibility}, best practices ` +
        `${categoryTargets['best-practices']}, SEO ≥ ${categoryTargets.seo}; the 404 page ` +
        `(noindex, by design) for accessibility and best practices.`,
    );
    say();
    say(
      '| Page | Performance | Lowest run | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS |',
    );
    say('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    const misses: string[] = [];
    for (const { page, lhr, lowest } of medians) {
      const isNotFound = page === notFoundUrl;
      const [performance, ...others] = categoryIds.map((id) => score(lhr, id));
      say(
        `| ${isNotFound ? `${page} (404)` : page} | ${performance} | ${lowest} | ${others.join(' | ')} | ` +
          `${metric(lhr, 'first-contentful-paint')} | ` +
          `${metric(lhr, 'largest-contentful-paint')} | ${metric(lhr, 'total-blocking-time')} | ` +
          `${metric(lhr, 'cumulative-layout-shift')} |`,
      );
      if (!isNotFound && lowest < lowestRunTarget) {
        misses.push(
          `- ${page}: one run scored ${lowest} for performance (under ${lowestRunTarget}).`,
        );
      }
      for (const id of isNotFound ? notFoundCategories : categoryIds) {
        if (score(lhr, id) >= categoryTargets[id]) continue;
        misses.push(`- ${page}, ${lhr.categories[id]?.title} ${score(lhr, id)}:`);
        for (const audit of failingAudits(lhr, id)) misses.push(`  - ${audit}`);
      }
    }
    say();
    if (misses.length === 0) say('Every page meets every Lighthouse target.');
    else {
      say('Under target, with the audits that cost points:');
      say();
      for (const line of misses) say(line);
    }
    say();
  } finally {
    chrome.kill();
    await server.stop();
  }
}

export const frontendHeading = '## Front end';

export async function runFrontendBench(say: Say): Promise<void> {
  ensureClientBuild();
  say(frontendHeading);
  say();
  routeSizes(say);
  await runLighthouse(say, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
}

// `node bench/frontend.ts sizes`: the JavaScript table alone, from the current build (seconds,
// where Lighthouse takes minutes): the check to run after a change that may grow a route.
if (import.meta.main) {
  const say = (line = '') => console.log(line);
  if (process.argv.includes('sizes')) routeSizes(say);
  else await runFrontendBench(say);
}
