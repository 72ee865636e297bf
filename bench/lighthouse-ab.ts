// Lighthouse on two running servers, the same pages alternately (translations must not make
// the reader's Lighthouse budgets worse: docs/benchmarks.md). A one-off comparison, not part of `npm run bench`: the
// machine's noise (±5 points between runs of one build) is larger than most changes, so only
// runs made side by side, in turn, say whether a change made a page slower.
//
//   node bench/lighthouse-ab.ts http://localhost:3997 http://localhost:3998 [runs]
//
// Start the two servers first (say, a build of the commit before the change and one of after,
// each `PORT=… LOG_LEVEL=warn CLIENT_DIR=… node src/server/main.ts`). Prints, per page and
// server, each run's performance score / total blocking time, and the median score.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const [before, after, runsArg] = process.argv.slice(2);
if (!before || !after) {
  console.error('Usage: node bench/lighthouse-ab.ts <before-url> <after-url> [runs]');
  process.exit(2);
}
const runs = Number(runsArg ?? 4);
const pages = ['/read-bible?book=John&chapter=3', '/read-bible?book=Psalms&chapter=119', '/'];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
  ],
});
const results = new Map<string, { score: number; tbt: number }[]>();
try {
  for (let run = 0; run < runs; run += 1) {
    for (const [name, base] of [
      ['before', before],
      ['after', after],
    ] as const) {
      for (const page of pages) {
        const result = await lighthouse(base + page, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${base + page}`);
        const key = `${page} | ${name}`;
        const list = results.get(key) ?? [];
        list.push({
          score: Math.round((result.lhr.categories.performance?.score ?? 0) * 100),
          tbt: Math.round(result.lhr.audits['total-blocking-time']?.numericValue ?? 0),
        });
        results.set(key, list);
      }
    }
  }
} finally {
  await chrome.kill();
}
console.log('| Page | Build | Runs (score / TBT ms) | Median score |');
console.log('| --- | --- | --- | ---: |');
for (const page of pages) {
  for (const name of ['before', 'after']) {
    const list = results.get(`${page} | ${name}`) ?? [];
    const runsText = list.map((entry) => `${entry.score} / ${entry.tbt}`).join(', ');
    console.log(
      `| ${page} | ${name} | ${runsText} | ${median(list.map((entry) => entry.score))} |`,
    );
  }
}
