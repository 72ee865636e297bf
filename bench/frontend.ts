// Front end (issue 8 item 4): the JavaScript each route needs on first load, from the build's
// Vite manifest, and Lighthouse (mobile preset: the default config, simulated throttling) on
// four pages served by the real server. Called by bench/run.ts; `node bench/frontend.ts` runs
// it alone. Targets: landing ≤ 120 KB gzip; performance ≥ 95, accessibility 100, best
// practices 100, SEO ≥ 95.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureClientBuild } from '../scripts/ensure-client-build.ts';
import { notFoundRoute, siteRoutes } from '../src/shared/site-routes.ts';
import { startAppServer } from './app-server.ts';

type Say = (line?: string) => void;

const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.join(root, 'dist/client');
const landingTargetKb = 120;

type ManifestChunk = { file: string; imports?: string[] };
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
  const routes = [
    ...siteRoutes.map(({ path: routePath, screen }) => ({ label: routePath, screen })),
    { label: 'any other path (404)', screen: notFoundRoute.screen },
  ];
  say('### JavaScript on first load, per route');
  say();
  say(
    `Gzip size of the entry chunk, the route's screen chunk and their static imports (deduplicated), ` +
      `from \`dist/client/.vite/manifest.json\` (KB of 1,024 bytes, gzip level 6). The entry alone: ${gzipKb(entry).toFixed(1)} KB.`,
  );
  say();
  say('| Route | JS, KB gzip | Target |');
  say('| --- | ---: | --- |');
  for (const route of routes) {
    const files = staticClosure(manifest, route.screen, new Set(entry));
    const kb = gzipKb(files);
    const target =
      route.label === '/'
        ? `≤ ${landingTargetKb} KB ${kb <= landingTargetKb ? '(met)' : '(NOT met)'}`
        : '';
    say(`| ${route.label} | ${kb.toFixed(1)} | ${target} |`);
  }
  say();
}

const lighthouseUrls = ['/', '/feeling', '/read-bible?book=John&chapter=3', '/prayer'];
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
    const medians: { page: string; lhr: Result }[] = [];
    for (const page of lighthouseUrls) {
      const results: Result[] = [];
      for (let run = 0; run < runs; run += 1) {
        results.push(await audit(url + page, chrome.port));
      }
      results.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
      const lhr = results[Math.floor(results.length / 2)];
      if (lhr) medians.push({ page, lhr });
    }

    say('### Lighthouse');
    say();
    say(
      `Lighthouse ${medians[0]?.lhr.lighthouseVersion ?? '?'}, mobile preset (default config: mobile form ` +
        `factor, simulated throttling), Chromium headless, the production server on loopback; ` +
        `the median of ${runs} run${runs > 1 ? 's' : ''} per page by performance score. ` +
        `Targets: performance ≥ ${categoryTargets.performance}, accessibility ${categoryTargets.accessibility}, ` +
        `best practices ${categoryTargets['best-practices']}, SEO ≥ ${categoryTargets.seo}.`,
    );
    say();
    say('| Page | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS |');
    say('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    const misses: string[] = [];
    for (const { page, lhr } of medians) {
      const scores = categoryIds.map((id) => score(lhr, id));
      say(
        `| ${page} | ${scores.join(' | ')} | ${metric(lhr, 'first-contentful-paint')} | ` +
          `${metric(lhr, 'largest-contentful-paint')} | ${metric(lhr, 'total-blocking-time')} | ` +
          `${metric(lhr, 'cumulative-layout-shift')} |`,
      );
      for (const id of categoryIds) {
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

export async function runFrontendBench(say: Say): Promise<void> {
  ensureClientBuild();
  say('## Front end');
  say();
  routeSizes(say);
  await runLighthouse(say, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
}

if (import.meta.main) {
  await runFrontendBench((line = '') => console.log(line));
}
