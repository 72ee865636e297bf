// `npm run bench`: measures the foundation and writes docs/benchmarks.md.
// Targets live here, never in timed tests. Later issues add their own sections.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { ensureClientBuild } from '../scripts/ensure-client-build.ts';
import { hashPassword, verifyPassword } from '../src/server/auth/password.ts';
import { loadBible } from '../src/server/bible/kjv.ts';
import { runSearchBench } from './search.ts';

const root = path.resolve(import.meta.dirname, '..');
const lines: string[] = [];
const say = (line = '') => {
  console.log(line);
  lines.push(line);
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

say('# Benchmarks');
say();
say(
  `Command: \`npm run bench\`. Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ` +
    `${Math.round(os.totalmem() / 2 ** 30)} GiB memory, Node ${process.version}, ${os.platform()} ${os.release()}. ` +
    `Date: ${new Date().toISOString().slice(0, 10)}.`,
);
say();

// 1. Bible text loaded at start-up.
say('## Bible data');
const loadTimes: number[] = [];
const heapBefore = process.memoryUsage().heapUsed;
let verseCount = 0;
for (let i = 0; i < 5; i += 1) {
  const start = performance.now();
  verseCount = loadBible().verseCount;
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

// Bible search (issue 4): index build, memory, per-query server time.
await runSearchBench(say);
say();

// 2. Client bundle: what the landing page needs on first load.
ensureClientBuild();
const html = fs.readFileSync(path.join(root, 'dist/client/index.html'), 'utf8');
const assets = path.join(root, 'dist/client/assets');
const entryFiles = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.(?:js|css))"/g)].map(
  (m) => m[1] ?? '',
);
const landingChunk = fs.readdirSync(assets).find((f) => /^landing-page-.*\.js$/.test(f));
const gz = (file: string) => gzipSync(fs.readFileSync(path.join(assets, file))).length;
const jsFiles = [
  ...entryFiles.filter((f) => f.endsWith('.js')),
  ...(landingChunk ? [landingChunk] : []),
];
const cssFiles = entryFiles.filter((f) => f.endsWith('.css'));
const jsKb = jsFiles.reduce((sum, f) => sum + gz(f), 0) / 1024;
const cssKb = cssFiles.reduce((sum, f) => sum + gz(f), 0) / 1024;
say('## Client bundle (landing page, first load)');
say(
  `- JavaScript: ${jsKb.toFixed(1)} KB gzip (${jsFiles.join(', ')}). Target (issue 8): ≤ 120 KB.`,
);
say(`- CSS: ${cssKb.toFixed(1)} KB gzip.`);
say();

// 3. Server: cold start and HTTP throughput, server in its own process.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grounded-bench-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const startedAt = performance.now();
const server = spawn(process.execPath, ['src/server/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DATABASE_URL: '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
for (;;) {
  try {
    if ((await fetch(`${url}/api/health`)).ok) break;
  } catch {
    // not yet listening
  }
  await new Promise((resolve) => setTimeout(resolve, 20));
}
const coldStartMs = performance.now() - startedAt;
say('## Server');
say(
  `- Cold start (new SQLite database, migrations, Bible load, listening, first health check): ${coldStartMs.toFixed(0)} ms.`,
);
say();
say(
  'HTTP on loopback, autocannon in this process, 10 connections, `accept-encoding: gzip`, 5 s each, after 1 s warm-up:',
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
for (const [label, pathName] of endpoints) {
  const headers = { 'accept-encoding': 'gzip' };
  await autocannon({ url: url + pathName, connections: 10, duration: 1, headers });
  const result = await autocannon({ url: url + pathName, connections: 10, duration: 5, headers });
  say(
    `| ${label} | ${Math.round(result.requests.average).toLocaleString('en-US')} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${result.errors + result.non2xx} |`,
  );
}
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
fs.rmSync(dataDir, { recursive: true, force: true });
say();

fs.writeFileSync(path.join(root, 'docs/benchmarks.md'), lines.join('\n') + '\n');
console.log('\nWritten to docs/benchmarks.md');
