// Issue 24 item 2 (after issue 8 item 1): GET /api/bible/John/3 against the physical limit.
// nginx (one worker) serves the very bytes our server sends (same path, content type, plain and
// gzip bodies), a bare Node http server answers the same cached buffers as a reference, and wrk
// (C, its own threads, far cheaper per request than a Node load generator) drives each in turn,
// with its own CPU reported beside every figure. Targets: our throughput ≥ 0.35 of nginx's and
// our CPU per request ≤ 3× nginx's, identity and gzip, with the production defaults.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAppServer } from './app-server.ts';
import { tempDir } from './cleanup.ts';
import { formatRate } from './load.ts';
import { findNginx, nginxVersion, startNginx } from './nginx.ts';
import { freePort, startChild, waitUntilAnswering } from './processes.ts';
import { rawGet, type RawAnswer } from './raw-get.ts';
import { findWrk, ms, runWrk, type WrkResult } from './wrk.ts';

const chapterPath = '/api/bible/John/3';
const connections = 50;
const seconds = 8;
const targetRatio = 0.35;
const targetCpuTimes = 3;

type Encoding = 'identity' | 'gzip';
const encodings: { name: Encoding; headers: Record<string, string> }[] = [
  { name: 'identity', headers: {} },
  { name: 'gzip', headers: { 'accept-encoding': 'gzip' } },
];

type Target = { label: string; url: string; pids: number[]; isOurs: boolean; isNginx: boolean };
type Row = { label: string; encoding: Encoding; result: WrkResult; headerBytes: number };

/** nginx and the bare server must send exactly our bytes, or the comparison means nothing. */
function checkSameAnswer(ours: RawAnswer, other: RawAnswer, label: string): void {
  const problems: string[] = [];
  if (other.status !== 200) problems.push(`status ${other.status}`);
  if (!other.body.equals(ours.body)) {
    problems.push(`body ${other.body.length} bytes, ours ${ours.body.length}`);
  }
  for (const name of ['content-type', 'content-encoding'] as const) {
    if (other.headers[name] !== ours.headers[name]) {
      problems.push(`${name} "${other.headers[name]}", ours "${ours.headers[name]}"`);
    }
  }
  if (problems.length > 0) throw new Error(`${label} answers differently: ${problems.join('; ')}`);
}

async function measureTarget(
  target: Target,
  ours: Record<Encoding, RawAnswer>,
  rows: Row[],
): Promise<void> {
  for (const { name, headers } of encodings) {
    const answer = await rawGet(target.url + chapterPath, headers);
    if (!target.isOurs) checkSameAnswer(ours[name], answer, target.label);
    console.log(`  chapter: ${target.label}, ${name}`);
    const result = await runWrk({
      origin: target.url,
      requests: [{ path: chapterPath }],
      headers,
      connections,
      seconds,
      serverPids: target.pids,
    });
    rows.push({ label: target.label, encoding: name, result, headerBytes: answer.headerBytes });
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');

export async function runChapterBench(say: (line?: string) => void): Promise<void> {
  say('## Chapter API against the physical limit (issue 8 item 1, issue 24 item 2)');
  say();
  if (!findWrk()) {
    say('wrk is not installed (`apt-get install wrk`), so this part was not measured.');
    say();
    return;
  }
  const startLoad = loadAverage();
  const rows: Row[] = [];
  const server = await startAppServer();
  const quiet = await startAppServer({ logLevel: 'warn' });
  const bare = tempDir('bare-node');
  try {
    const ours = {
      identity: await rawGet(`${server.url}${chapterPath}`),
      gzip: await rawGet(`${server.url}${chapterPath}`, { 'accept-encoding': 'gzip' }),
    };
    if (ours.gzip.headers['content-encoding'] !== 'gzip') {
      throw new Error(`${chapterPath} did not answer gzip: ${JSON.stringify(ours.gzip.headers)}`);
    }
    const contentType = ours.gzip.headers['content-type'] ?? 'application/json';
    const nginxBinary = findNginx();
    if (nginxBinary) {
      const nginx = await startNginx(
        nginxBinary,
        { urlPath: chapterPath, contentType, body: ours.identity.body, gzip: ours.gzip.body },
        { workers: 1 },
      );
      try {
        const pid = nginx.child.process.pid;
        await measureTarget(
          {
            label: `${nginxVersion(nginxBinary)}, one worker (static file)`,
            url: nginx.url,
            pids: pid ? [pid] : [],
            isOurs: false,
            isNginx: true,
          },
          ours,
          rows,
        );
      } finally {
        await nginx.stop();
      }
    }

    // The reference: Node's http module alone, answering the cached buffers.
    const plainFile = path.join(bare.dir, 'john-3.json');
    const gzipFile = path.join(bare.dir, 'john-3.json.gz');
    fs.writeFileSync(plainFile, ours.identity.body);
    fs.writeFileSync(gzipFile, ours.gzip.body);
    const barePort = await freePort();
    const bareChild = startChild(
      process.execPath,
      [
        path.join(import.meta.dirname, 'bare-node-server.ts'),
        String(barePort),
        plainFile,
        gzipFile,
        contentType,
      ],
      { logFile: path.join(bare.dir, 'log') },
    );
    try {
      const url = `http://127.0.0.1:${barePort}`;
      await waitUntilAnswering(url + chapterPath, bareChild, 10_000);
      const pid = bareChild.process.pid;
      await measureTarget(
        {
          label: `bare Node ${process.version} \`http\` (cached buffer)`,
          url,
          pids: pid ? [pid] : [],
          isOurs: false,
          isNginx: false,
        },
        ours,
        rows,
      );
    } finally {
      await bareChild.stop();
    }

    for (const [label, app] of [
      ['Grounded, `npm start` defaults (LOG_LEVEL=info)', server],
      ['Grounded, LOG_LEVEL=warn', quiet],
    ] as const) {
      const pid = app.child.process.pid;
      await measureTarget(
        { label, url: app.url, pids: pid ? [pid] : [], isOurs: true, isNginx: false },
        ours,
        rows,
      );
    }

    say(
      `wrk (2 threads, ${connections} connections, ${seconds} s after a warm-up run), each server in its own process, one at a time, ` +
        `once without \`accept-encoding\` (identity) and once with \`accept-encoding: gzip\`. All answer the same bytes: ` +
        `${ours.identity.body.length.toLocaleString('en-US')} bytes of JSON, or ${ours.gzip.body.length.toLocaleString('en-US')} gzip bytes ` +
        `(\`${contentType}\`), checked byte for byte before measuring. "Server CPU" is the user + system time of the server ` +
        `process (nginx: master and worker) per answered request; "wrk CPU" is wrk's own in % of one core, so a saturated ` +
        `load generator would show. Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}), ` +
        `Node ${process.version}, load average at the start ${startLoad}, at the end ${loadAverage()} (1, 5, 15 min). ` +
        `Targets (production defaults): ≥ ${targetRatio} of nginx's requests/s and ≤ ${targetCpuTimes}× its CPU per request, for each encoding.`,
    );
    say();
    say(
      '| Server | Encoding | Requests/s | p50 | p99 | Errors | Server CPU per request | wrk CPU | Header bytes |',
    );
    say('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const { label, encoding, result, headerBytes } of rows) {
      const cpu = result.serverCpuUs === null ? 'n/a' : `${result.serverCpuUs.toFixed(0)} µs`;
      say(
        `| ${label} | ${encoding} | ${formatRate(result.requestsPerSecond)} | ${ms(result.p50)} | ${ms(result.p99)} | ` +
          `${result.errors} | ${cpu} | ${Math.round(result.wrkCpuPercent)}% | ${headerBytes} |`,
      );
    }
    say();
    for (const { name } of encodings) {
      const nginxRow = rows.find((row) => row.label.startsWith('nginx') && row.encoding === name);
      const ourRow = rows.find((row) => row.label.includes('defaults') && row.encoding === name);
      const quietRow = rows.find((row) => row.label.includes('=warn') && row.encoding === name);
      if (!nginxRow || !ourRow) continue;
      const ratio = ourRow.result.requestsPerSecond / nginxRow.result.requestsPerSecond;
      const ourCpu = ourRow.result.serverCpuUs;
      const nginxCpu = nginxRow.result.serverCpuUs;
      const cpuTimes = ourCpu !== null && nginxCpu !== null ? ourCpu / nginxCpu : null;
      say(
        `- ${name}: **ours / nginx ${ratio.toFixed(2)}** of its requests/s (target ≥ ${targetRatio}: ` +
          `${ratio >= targetRatio ? 'met' : '**not met**'}); CPU per request ${ourCpu?.toFixed(0) ?? 'n/a'} µs against ` +
          `${nginxCpu?.toFixed(0) ?? 'n/a'} µs, ${cpuTimes?.toFixed(1) ?? 'n/a'}× (target ≤ ${targetCpuTimes}×: ` +
          `${cpuTimes !== null && cpuTimes <= targetCpuTimes ? 'met' : '**not met**'})` +
          (quietRow
            ? `; with LOG_LEVEL=warn (no line per request) ${(quietRow.result.requestsPerSecond / nginxRow.result.requestsPerSecond).toFixed(2)} and ${quietRow.result.serverCpuUs?.toFixed(0) ?? 'n/a'} µs.`
            : '.'),
      );
    }
    say(
      `- nginx: \`worker_processes 1\`, access log off, \`gzip_static on\` with our gzip bytes as the .gz file, keep-alive without a request limit. ` +
        'One nginx worker is one process on one core, as our server is.',
    );
    say(
      '- Request logging (production default, LOG_LEVEL=info): one JSON line per request, written off the main thread (pino with an asynchronous destination: lines gather while a write is in flight).',
    );
    say();
  } finally {
    await server.stop();
    await quiet.stop();
    bare.remove();
  }
}
