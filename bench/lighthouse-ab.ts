// Lighthouse on two running servers, the same pages alternately. The machine's noise (±5 points
// between runs of one build) is larger than most changes, so only runs made side by side, in
// turn, say whether a change made a page slower. `runAlternately` is the order the front end
// bench (bench/frontend.ts) compares this build with the last release in; run on its own, this
// file compares any two servers:
//
//   node bench/lighthouse-ab.ts http://localhost:3997 http://localhost:3998 [runs]
//
// Start the two servers first (say, a build of the commit before the change and one of after,
// each `PORT=… LOG_LEVEL=warn CLIENT_DIR=… node src/server/main.ts`). Prints, per page and
// server, each run's performance score / total blocking time, and the median score.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median } from './cpu-calibration.ts';

export type Build = { name: string; url: string };

/**
 * Each page `runs` times on every build, page by page, the builds in turn within each round and
 * the first of them changing from one round to the next, so that a busy spell of the machine falls
 * on both alike. Returns each page's results per build, in run order.
 */
export async function runAlternately<Result>(
  builds: readonly Build[],
  pages: readonly string[],
  runs: number,
  measure: (build: Build, page: string) => Promise<Result>,
): Promise<Map<string, Map<string, Result[]>>> {
  const results = new Map<string, Map<string, Result[]>>();
  for (const page of pages) {
    const byBuild = new Map<string, Result[]>(builds.map((build) => [build.name, []]));
    results.set(page, byBuild);
    for (let run = 0; run < runs; run += 1) {
      const order = run % 2 === 0 ? builds : [...builds].reverse();
      for (const build of order) byBuild.get(build.name)?.push(await measure(build, page));
    }
  }
  return results;
}

if (import.meta.main) {
  const [before, after, runsArg] = process.argv.slice(2);
  if (!before || !after) {
    console.error('Usage: node bench/lighthouse-ab.ts <before-url> <after-url> [runs]');
    process.exit(2);
  }
  const runs = Number(runsArg ?? 4);
  const pages = ['/read-bible?book=John&chapter=3', '/read-bible?book=Psalms&chapter=119', '/'];
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
    ],
  });
  let results: Map<string, Map<string, { score: number; tbt: number }[]>>;
  try {
    results = await runAlternately(
      [
        { name: 'before', url: before },
        { name: 'after', url: after },
      ],
      pages,
      runs,
      async (build, page) => {
        const result = await lighthouse(build.url + page, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${build.url + page}`);
        return {
          score: Math.round((result.lhr.categories.performance?.score ?? 0) * 100),
          tbt: Math.round(result.lhr.audits['total-blocking-time']?.numericValue ?? 0),
        };
      },
    );
  } finally {
    chrome.kill();
  }
  console.log('| Page | Build | Runs (score / TBT ms) | Median score |');
  console.log('| --- | --- | --- | ---: |');
  for (const [page, byBuild] of results) {
    for (const [name, list] of byBuild) {
      const runsText = list.map((entry) => `${entry.score} / ${entry.tbt}`).join(', ');
      console.log(
        `| ${page} | ${name} | ${runsText} | ${median(list.map((entry) => entry.score))} |`,
      );
    }
  }
}
