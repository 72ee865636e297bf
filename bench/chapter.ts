// GET /api/bible/John/3 against the physical limit.
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
import { formatRate, median } from './load.ts';
import { findNginx, nginxVersion, startNginx } from './nginx.ts';
import { freePort, startChild, waitUntilAnswering } from './processes.ts';
import { rawGet, type RawAnswer } from './raw-get.ts';
import { findWrk, ms, runWrk, type WrkResult } from './wrk.ts';

const chapterPath = '/api/bible/John/3';
const connections = 50;
const seconds = 5;
/**
 * Every server is measured in each of this many rounds, one after the other, and each figure is
 * the median of its rounds: on a shared machine the background load drifts within minutes, and
 * a single run per server would measure the drift as much as the server.
 */
const rounds = 3;
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
  round: number,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const { name, headers } of encodings) {
    const answer = await rawGet(target.url + chapterPath, headers);
    if (!target.isOurs) checkSameAnswer(ours[name], answer, target.label);
    console.log(`  chapter, round ${round + 1} of ${rounds}: ${target.label}, ${name}`);
    const result = await runWrk({
      origin: target.url,
      requests: [{ path: chapterPath }],
      headers,
      connections,
      seconds,
      serverPids: target.pids,
      warmUp: round === 0,
    });
    rows.push({ label: target.label, encoding: name, result, headerBytes: answer.headerBytes });
  }
  return rows;
}

/** Of one server's runs in one encoding, the run with the median throughput. */
function medianRun(runs: Row[]): Row {
  const sorted = [...runs].sort((a, b) => a.result.requestsPerSecond - b.result.requestsPerSecond);
  const row = sorted[Math.floor(sorted.length / 2)];
  if (!row) throw new Error('no run to take the median of');
  return row;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');

export async function runChapterBench(say: (line?: string) => void): Promise<void> {
  say('## Chapter API against the physical limit');
  say();
  if (!findWrk()) {
    say('wrk is not installed (`apt-get install wrk`), so this part was not measured.');
    say();
    return;
  }
  const startLoad = loadAverage();
  const stops: (() => Promise<void>)[] = [];
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
    const targets: Target[] = [];
    const nginxBinary = findNginx();
    if (nginxBinary) {
      const nginx = await startNginx(
        nginxBinary,
        { urlPath: chapterPath, contentType, body: ours.identity.body, gzip: ours.gzip.body },
        { workers: 1 },
      );
      stops.push(() => nginx.stop());
      const pid = nginx.child.process.pid;
      targets.push({
        label: `${nginxVersion(nginxBinary)}, one worker (static file)`,
        url: nginx.url,
        pids: pid ? [pid] : [],
        isOurs: false,
        isNginx: true,
      });
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
    stops.push(() => bareChild.stop());
    const bareUrl = `http://127.0.0.1:${barePort}`;
    await waitUntilAnswering(bareUrl + chapterPath, bareChild, 10_000);
    const barePid = bareChild.process.pid;
    targets.push({
      label: `bare Node ${process.version} \`http\` (cached buffer)`,
      url: bareUrl,
      pids: barePid ? [barePid] : [],
      isOurs: false,
      isNginx: false,
    });
    for (const [label, app] of [
      ['Grounded, `npm start` defaults (LOG_LEVEL=info)', server],
      ['Grounded, LOG_LEVEL=warn', quiet],
    ] as const) {
      const pid = app.child.process.pid;
      targets.push({ label, url: app.url, pids: pid ? [pid] : [], isOurs: true, isNginx: false });
    }

    // Each round measures every server in turn; the ratios are taken within a round, between
    // runs a minute apart at most, then their median is reported.
    const runs: Row[][] = [];
    for (let round = 0; round < rounds; round++) {
      const roundRows: Row[] = [];
      for (const target of targets) roundRows.push(...(await measureTarget(target, ours, round)));
      runs.push(roundRows);
    }
    const runsOf = (label: string, encoding: Encoding) =>
      runs.flatMap((roundRows) =>
        roundRows.filter((row) => row.label === label && row.encoding === encoding),
      );
    const rows = targets.flatMap((target) =>
      encodings.map(({ name }) => medianRun(runsOf(target.label, name))),
    );
    /** The median over the rounds of `value` (ours against nginx within each round). */
    const medianOverRounds = (
      encoding: Encoding,
      ourLabel: string,
      value: (ours: WrkResult, nginx: WrkResult) => number | null,
    ): number | null => {
      const perRound = runs.flatMap((roundRows) => {
        const nginxRow = roundRows.find(
          (row) => row.label.startsWith('nginx') && row.encoding === encoding,
        );
        const ourRow = roundRows.find((row) => row.label === ourLabel && row.encoding === encoding);
        const figure = nginxRow && ourRow ? value(ourRow.result, nginxRow.result) : null;
        return figure === null ? [] : [figure];
      });
      return perRound.length > 0 ? median(perRound) : null;
    };

    say(
      `wrk (2 threads, ${connections} connections, ${seconds} s, after a warm-up run in the first round), each server in its own process, one at a time, ` +
        `once without \`accept-encoding\` (identity) and once with \`accept-encoding: gzip\`, in ${rounds} rounds that each measure every server in turn; ` +
        `a row is the server's median round, and a ratio the median of the rounds' ratios (ours against nginx in the same round). All answer the same bytes: ` +
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
      const defaults = targets.find((target) => target.label.includes('defaults'))?.label ?? '';
      const warn = targets.find((target) => target.label.includes('=warn'))?.label ?? '';
      const ratioOf = (label: string) =>
        medianOverRounds(
          name,
          label,
          (ourRun, nginxRun) => ourRun.requestsPerSecond / nginxRun.requestsPerSecond,
        );
      const cpuTimesOf = (label: string) =>
        medianOverRounds(name, label, (ourRun, nginxRun) =>
          ourRun.serverCpuUs !== null && nginxRun.serverCpuUs !== null
            ? ourRun.serverCpuUs / nginxRun.serverCpuUs
            : null,
        );
      const ratio = ratioOf(defaults);
      if (ratio === null) continue;
      const cpuTimes = cpuTimesOf(defaults);
      const quietRatio = ratioOf(warn);
      const quietCpuTimes = cpuTimesOf(warn);
      say(
        `- ${name}: **ours / nginx ${ratio.toFixed(2)}** of its requests/s (target ≥ ${targetRatio}: ` +
          `${ratio >= targetRatio ? 'met' : '**not met**'}); CPU per request ${cpuTimes?.toFixed(1) ?? 'n/a'}× nginx's ` +
          `(target ≤ ${targetCpuTimes}×: ${cpuTimes !== null && cpuTimes <= targetCpuTimes ? 'met' : '**not met**'})` +
          (quietRatio !== null
            ? `; with LOG_LEVEL=warn (no line per request) ${quietRatio.toFixed(2)} and ${quietCpuTimes?.toFixed(1) ?? 'n/a'}×.`
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
    for (const stop of stops) await stop();
    await server.stop();
    await quiet.stop();
    bare.remove();
  }
}
