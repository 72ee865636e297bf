// Bible search: index build time and memory, then per-query latency over a fixed list of
// queries, straight against searchBible and through the HTTP route (app.inject). Called by
// bench/run.ts; `node bench/search.ts` runs it alone. Targets (decision 010): index build ≤ 1 s,
// p95 ≤ 2 ms for single words, phrases, references and Strong's numbers or transliterations.
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadKingJamesVersion } from '#server/bible/kjv.ts';
import { buildSearchIndex } from '#server/bible/search/inverted-index.ts';
import { searchBible } from '#server/bible/search/search.ts';
import { transliterationIndex } from '#server/bible/search/strongs-search.ts';
import { createTranslations } from '#server/bible/translations.ts';
import { systemClock } from '#server/clock.ts';
import { readConfig } from '#server/config.ts';
import { connectDatabase } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { usesOf } from '#server/study/strongs-dictionary.ts';
import { translations as translationList } from '#shared/bible/translation-list.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import { tempDir } from './cleanup.ts';

type Category = 'word' | 'phrase' | 'multi-word' | 'reference' | 'strongs';

// Modern forms and the KJV forms that must find them, then ordinary words, rare to very common.
const words = `
  love loveth loved loving lovest believe believeth believed believest go goeth goest say
  saith sayeth sayest hath doth knoweth walketh cometh seeth dieth lieth giveth maketh keepeth
  heareth prayeth blesseth sinneth abideth judgeth shalt wilt didst lovedst greatest holiest
  highest faith hope charity grace mercy peace joy shepherd righteousness salvation sin
  forgive forgiveness prayer pray heaven earth light darkness water bread wine spirit truth
  wisdom knowledge fear strength comfort sorrow tears rejoice blessed kingdom covenant temple
  sabbath angel angels cross resurrection baptized lamb sheep children jesus christ moses
  david abraham jerusalem egypt israel mark job acts thee thou ye lord god shall unto and the
  begotten everlasting shibboleth maranatha xyzzy
`
  .trim()
  .split(/\s+/);

const phrases = [
  '"love one another"',
  '"the lord is my shepherd"',
  '"in the beginning"',
  '"fear not"',
  '"thus saith the lord"',
  '"verily verily"',
  '"kingdom of heaven"',
  '"son of man"',
  '"holy ghost"',
  '"the way the truth and the life"',
  '"let there be light"',
  '"be still"',
  '"peace be unto you"',
  '"eye for eye"',
  '"the lord"',
  '"and it came to pass"',
  '"i am that i am"',
  '"bread of life"',
  '"light of the world"',
  '"good shepherd"',
  '"born again"',
  '"faith hope charity"',
  '"god is love"',
  '"the truth shall make you free"',
  '"wages of sin"',
  '"love thy neighbour"',
  '"blessed are the"',
  '"our father which art in heaven"',
  '"thy will be done"',
  '"lamb of god"',
  '"word of god"',
  '"i will"',
  '"thou shalt not"',
  '"the lord thy god"',
  '"with thee"',
  '"unto thee"',
  '"fight the good fight"',
  '"the joy of the lord"',
  '"still small voice"',
  '"a soft answer"',
  '"my grace is sufficient"',
  '"all things work together"',
  '"be strong and of a good courage"',
  '"fruit of the spirit"',
  '"living water"',
  '"the valley of the shadow of death"',
  '"he is risen"',
  '"it is finished"',
  '"love"',
  '"loveth"',
  '"nonexistent phrase words"',
];

const multiWords = [
  'faith hope charity',
  'God so loved the world',
  'love one another',
  'lord my shepherd',
  'fear not for I am with thee',
  'peace that passeth understanding',
  'in the beginning was the word',
  'wages of sin is death',
  'be strong and courageous',
  'trust in the lord',
  'cast thy burden',
  'shepherd sheep',
  'bread of life',
  'living water',
  'armour of god',
  'fruit spirit love joy peace',
  'love never faileth',
  'the lord',
  'king of israel',
  'son of god',
  'forgive us our debts',
  'ask and it shall be given',
  'seek ye first the kingdom',
  'renew their strength eagles',
  'the truth shall make you free',
  'all things work together for good',
  'rejoice in the lord',
  'hope anchor soul',
  'grace through faith',
  'light unto my path',
  'still small voice',
  'weeping may endure for a night',
  'believeth in him',
  'goeth before',
  'saith the lord of hosts',
  'blessed are the meek',
  'pray without ceasing',
  'give thanks',
  'good shepherd giveth his life',
  'mark the perfect man',
  '"love one another" commandment',
  'loved "the world"',
];

const references = [
  'John 3:16',
  'jn 3 16',
  'jn3:16',
  'ps23',
  'ps 23',
  'Psalm 23:1-3',
  '1 cor 13:4-7',
  '1cor13',
  'Song of Solomon 2',
  'song 2',
  'acts 2',
  'job 1',
  'gen 1',
  'Genesis 1:1',
  'exodus 20:1-17',
  'matt 5-7',
  'Matthew 5:3-12',
  'Romans 8:28',
  'rom 12:1-2',
  'Jn 3:16-4:2',
  'heb 11',
  'Hebrews 11:1',
  'phil 4:13',
  'Philippians 4:6-7',
  'is 53',
  'Isaiah 40:31',
  'jer 29:11',
  'prov 3:5-6',
  'ps 119:105',
  'Psalms 119',
  'rev 22:21',
  'Revelation 21:4',
  '3 john 2',
  'jude 3',
  'obadiah 1',
  '1 john 4:8',
  'Gal 5:22-23',
  'eph 6:10-18',
  'John 3:16, Rom 5:8',
  'Mt 6:9-13',
  'Lam 3:22-23',
  'Josh 1:9',
  '2 tim 3:16',
  'James 1:2-4',
  '1 pet 5:7',
];

// Strong's numbers (the most used among them: H430 stands in 2,248 verses), transliterations
// people type, and a number no dictionary has: each a slice of a precomputed list.
const strongs = [
  'H2617',
  'h02617',
  'G26',
  'G25',
  'H430',
  'G2316',
  'H3068',
  'chesed',
  'hesed',
  'agape',
  'logos',
  'shalom',
  'ruach',
  'elohim',
  'pneuma',
  'H9999',
];

export const searchBenchQueries: { q: string; category: Category }[] = [
  ...words.map((q) => ({ q, category: 'word' as const })),
  ...phrases.map((q) => ({ q, category: 'phrase' as const })),
  ...multiWords.map((q) => ({ q, category: 'multi-word' as const })),
  ...references.map((q) => ({ q, category: 'reference' as const })),
  ...strongs.map((q) => ({ q, category: 'strongs' as const })),
];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const f = (p: number) => percentile(sorted, p).toFixed(3);
  return `p50 ${f(50)}, p95 ${f(95)}, p99 ${f(99)}, max ${(sorted.at(-1) ?? 0).toFixed(3)} ms`;
}

const targetP95Ms = 2;

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/**
 * GET /api/bible/search through app.inject (routing, validation, JSON, no socket): one warm-up
 * round, then the time of each query over 3 rounds; any answer but 200 stops the bench.
 */
async function timeRoute(
  app: FastifyInstance,
  queries: readonly { q: string }[],
  translation?: TranslationId,
): Promise<number[]> {
  const inject = (q: string) =>
    app.inject({
      method: 'GET',
      url: `/api/bible/search?q=${encodeURIComponent(q)}${translation ? `&translation=${translation}` : ''}`,
    });
  for (const { q } of queries) await inject(q);
  const times: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    for (const { q } of queries) {
      const start = performance.now();
      const response = await inject(q);
      times.push(performance.now() - start);
      if (response.statusCode !== 200) throw new Error(`"${q}" answered ${response.statusCode}`);
    }
  }
  return times;
}

export async function runSearchBench(say: (line?: string) => void): Promise<void> {
  const bible = loadKingJamesVersion();
  // A full collection before each reading makes the memory figures the index's own, not
  // garbage. setFlagsFromString then a fresh context gives gc() without --expose-gc.
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  const before = process.memoryUsage();
  const builds: number[] = [];
  let index = buildSearchIndex(bible);
  builds.push(index.buildMs);
  gc();
  const after = process.memoryUsage();
  for (let i = 0; i < 4; i += 1) {
    index = buildSearchIndex(bible);
    builds.push(index.buildMs);
  }
  say('## Bible search in the KJV');
  say(
    `- Index build (${index.wordIds.size.toLocaleString('en-US')} words, ` +
      `${index.stemIds.size.toLocaleString('en-US')} stems, ` +
      `${index.tokenWords.length.toLocaleString('en-US')} tokens): first ${builds[0]?.toFixed(0)} ms ` +
      `(cold, as at start-up), median of the next four ${[...builds.slice(1)].sort((a, b) => a - b)[2]?.toFixed(0)} ms. Target ≤ 1 s.`,
  );
  say(
    `- Memory of one index: heap ${mib(after.heapUsed - before.heapUsed)}, typed arrays ` +
      `${mib(after.arrayBuffers - before.arrayBuffers)}.`,
  );

  // Built on first use, once a process (strongs-search.ts, study/strongs-dictionary.ts).
  let start = performance.now();
  const transliterations = transliterationIndex();
  const transliterationMs = performance.now() - start;
  start = performance.now();
  usesOf(bible, 1);
  const usesMs = performance.now() - start;
  say(
    `- Strong's search, built on first use: the transliteration index ` +
      `(${transliterations.codes.size.toLocaleString('en-US')} spellings, the dictionary read) ` +
      `${transliterationMs.toFixed(0)} ms; every use of every number ${usesMs.toFixed(0)} ms.`,
  );

  const queries = searchBenchQueries;
  const run = (q: string) => searchBible(index, { q, limit: 20, offset: 0 });
  for (let round = 0; round < 3; round += 1) for (const { q } of queries) run(q);
  const rounds = 7;
  const samples = new Map<string, number[]>(queries.map(({ q }) => [q, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const { q } of queries) {
      const start = performance.now();
      run(q);
      samples.get(q)?.push(performance.now() - start);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
  say(
    `- searchBible() over ${queries.length} fixed queries × ${rounds} rounds after 3 warm-up ` +
      `rounds, first page of 20 with highlights (target p95 ≤ 2 ms for words, phrases, Strong's, ` +
      `references). Every run, then each query's median run (which a busy machine disturbs less):`,
  );
  const categories: Category[] = ['word', 'phrase', 'multi-word', 'reference', 'strongs'];
  const p95 = (times: number[]) =>
    percentile(
      [...times].sort((a, b) => a - b),
      95,
    );
  let allP95 = 0;
  for (const category of [...categories, undefined]) {
    const chosen = queries.filter((query) => category === undefined || query.category === category);
    const runs = chosen.flatMap(({ q }) => samples.get(q) ?? []);
    const medians = chosen.map(({ q }) => median(samples.get(q) ?? []));
    if (category === undefined) allP95 = p95(runs);
    say(
      `  - ${category ?? 'all'} (${chosen.length} queries): every run ${summary(runs)}; ` +
        `per-query median ${summary(medians)}`,
    );
  }
  const slowest = [...samples].sort((a, b) => median(b[1]) - median(a[1])).slice(0, 3);
  say(
    `  - slowest by median: ${slowest.map(([q, times]) => `"${q}" ${median(times).toFixed(2)} ms`).join(', ')}`,
  );

  // The same queries through Fastify (routing, validation, JSON), without a socket.
  const { dir: dataDir, remove } = tempDir('search');
  const database = connectDatabase({ dialect: 'sqlite', filename: path.join(dataDir, 'bench.db') });
  try {
    await migrateToLatest(database.db, database.dialect);
    const app = await buildApp({
      config: { ...readConfig({}), dataDir, clientDir: path.join(dataDir, 'no-client') },
      database,
      clock: systemClock,
      bible,
      startedAt: Date.now(),
      logger: false,
    });
    await app.ready();
    const times = await timeRoute(app, queries);
    say(`- GET /api/bible/search through app.inject, same queries × 3 rounds: ${summary(times)}.`);
    const routeP95 = p95(times);
    say(
      `- **Target p95 ≤ ${targetP95Ms} ms over the ${queries.length} queries: ` +
        `${allP95 <= targetP95Ms && routeP95 <= targetP95Ms ? 'met' : 'not met'}** ` +
        `(searchBible() every run ${allP95.toFixed(3)} ms; through the route ${routeP95.toFixed(3)} ms).`,
    );
    await app.close();
  } finally {
    await database.close();
    remove();
  }
  say();
}

export const translationSearchHeading = '## Bible search per translation';

/**
 * The same engine on each translation's own index, the same fixed queries (the KJV's
 * words and phrases too: a query that finds nothing costs a search all the same), straight and
 * through the route with `?translation=`. Target: p95 ≤ 2 ms for each.
 */
export async function runTranslationSearchBench(say: (line?: string) => void): Promise<void> {
  const kjv = loadKingJamesVersion();
  const translations = createTranslations(kjv);
  const { dir: dataDir, remove } = tempDir('search-translations');
  const database = connectDatabase({ dialect: 'sqlite', filename: path.join(dataDir, 'bench.db') });
  say(translationSearchHeading);
  say();
  say(
    `Command: \`node bench/run.ts search\` (also part of \`npm run bench\`). Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ` +
      `Node ${process.version}. Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. ` +
      `The ${searchBenchQueries.length} fixed queries of the KJV search bench (words, phrases, several words, references, Strong's numbers and transliterations) on each translation's index: ` +
      'searchBible() 7 rounds after 3 warm-up rounds, and GET /api/bible/search?translation=… through app.inject 3 rounds after one; first page of 20 with highlights. Target: p95 ≤ 2 ms.',
  );
  say();
  say(
    '| Translation | Index build | Queries with results | searchBible() p50 / p95 / p99 | Route p50 / p95 / p99 | p95 target |',
  );
  say('| --- | ---: | ---: | --- | --- | --- |');
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
    for (const info of translationList) {
      const bible = translations.get(info.id);
      const index = buildSearchIndex(bible);
      // The Strong's tagging is the KJV's, whichever translation is searched (as the route does).
      const run = (q: string) => searchBible(index, { q, limit: 20, offset: 0 }, kjv);
      let found = 0;
      for (const { q } of searchBenchQueries) if (run(q).total > 0) found += 1;
      for (let round = 0; round < 2; round += 1) for (const { q } of searchBenchQueries) run(q);
      const direct: number[] = [];
      for (let round = 0; round < 7; round += 1) {
        for (const { q } of searchBenchQueries) {
          const start = performance.now();
          run(q);
          direct.push(performance.now() - start);
        }
      }
      const routed = await timeRoute(app, searchBenchQueries, info.id);
      const sortedDirect = [...direct].sort((a, b) => a - b);
      const sortedRouted = [...routed].sort((a, b) => a - b);
      const three = (sorted: number[]) =>
        [50, 95, 99].map((p) => `${percentile(sorted, p).toFixed(2)}`).join(' / ') + ' ms';
      const met =
        percentile(sortedDirect, 95) <= targetP95Ms && percentile(sortedRouted, 95) <= targetP95Ms;
      say(
        `| ${info.abbreviation} | ${index.buildMs.toFixed(0)} ms | ${found} of ${searchBenchQueries.length} | ` +
          `${three(sortedDirect)} | ${three(sortedRouted)} | ${met ? 'met' : '**not met**'} |`,
      );
    }
    await app.close();
  } finally {
    await database.close();
    remove();
  }
  say();
}

if (import.meta.main) {
  await runSearchBench((line = '') => console.log(line));
}
