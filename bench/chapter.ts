// Issue 8 item 1: GET /api/bible/John/3 against the physical limit. nginx serves the very bytes
// our server sends (same path, content type and gzip body), a bare Node http server answers the
// same cached buffer as a reference, and autocannon drives all of them with the same settings.
// Target: our throughput ≥ 35% of nginx's.
import fs from 'node:fs';
import path from 'node:path';
import { startAppServer } from './app-server.ts';
import { tempDir } from './cleanup.ts';
import { formatRate, measure, type LoadResult } from './load.ts';
import { findNginx, nginxVersion, startNginx } from './nginx.ts';
import { freePort, startChild, waitUntilAnswering } from './processes.ts';
import { rawGet, type RawAnswer } from './raw-get.ts';

const chapterPath = '/api/bible/John/3';
const headers = { 'accept-encoding': 'gzip' };
const load = { connections: 50, pipelining: 1, seconds: 10, headers };
const targetRatio = 0.35;

type Row = { label: string; result: LoadResult; answer: RawAnswer; logBytesPerRequest?: number };

async function measureUrl(label: string, url: string, serverPid?: number): Promise<Row> {
  const answer = await rawGet(url, headers);
  const result = await measure({ url, ...load, serverPid });
  return { label, result, answer };
}

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

export async function runChapterBench(say: (line?: string) => void): Promise<void> {
  say('## Chapter API against the physical limit (issue 8, item 1)');
  say();
  const rows: Row[] = [];
  const server = await startAppServer();
  const ours = await rawGet(`${server.url}${chapterPath}`, headers);
  const plain = await rawGet(`${server.url}${chapterPath}`);
  if (ours.headers['content-encoding'] !== 'gzip') {
    throw new Error(`${chapterPath} did not answer gzip: ${JSON.stringify(ours.headers)}`);
  }
  const contentType = ours.headers['content-type'] ?? 'application/json';
  const nginxBinary = findNginx();
  let nginxLine: string;
  if (nginxBinary) {
    const nginx = await startNginx(nginxBinary, {
      urlPath: chapterPath,
      contentType,
      body: plain.body,
      gzip: ours.body,
    });
    try {
      const row = await measureUrl(
        `${nginxVersion(nginxBinary)} (static file)`,
        nginx.url + chapterPath,
        nginx.child.process.pid,
      );
      checkSameAnswer(ours, row.answer, 'nginx');
      rows.push(row);
    } finally {
      await nginx.stop();
    }
    nginxLine = `nginx: \`${nginxBinary}\`, \`worker_processes auto\`, access log off, \`gzip_static on\` with our gzip bytes as the .gz file, keep-alive without a request limit.`;
  } else {
    nginxLine =
      'nginx is not installed, so there is no nginx figure and no ratio; install it with `apt-get install nginx-light` (Debian) and run again.';
  }

  // The reference: Node's http module alone, answering the cached buffer.
  const bare = tempDir('bare-node');
  const gzipFile = path.join(bare.dir, 'john-3.json.gz');
  fs.writeFileSync(gzipFile, ours.body);
  const barePort = await freePort();
  const bareChild = startChild(
    process.execPath,
    [
      path.join(import.meta.dirname, 'bare-node-server.ts'),
      String(barePort),
      gzipFile,
      contentType,
    ],
    { logFile: path.join(bare.dir, 'log') },
  );
  const bareUrl = `http://127.0.0.1:${barePort}${chapterPath}`;
  try {
    await waitUntilAnswering(bareUrl, bareChild, 10_000);
    const row = await measureUrl(
      `bare Node ${process.version} \`http\` (cached buffer)`,
      bareUrl,
      bareChild.process.pid,
    );
    checkSameAnswer(ours, row.answer, 'the bare Node server');
    rows.push(row);
  } finally {
    await bareChild.stop();
    bare.remove();
  }

  try {
    const logBefore = fs.statSync(server.child.logFile).size;
    const row = await measureUrl(
      'Grounded, `npm start` defaults (LOG_LEVEL=info)',
      server.url + chapterPath,
      server.child.process.pid,
    );
    row.logBytesPerRequest =
      (fs.statSync(server.child.logFile).size - logBefore) / row.result.acknowledged;
    rows.push(row);
  } finally {
    await server.stop();
  }
  const quiet = await startAppServer({ logLevel: 'warn' });
  try {
    rows.push(
      await measureUrl(
        'Grounded, LOG_LEVEL=warn',
        quiet.url + chapterPath,
        quiet.child.process.pid,
      ),
    );
  } finally {
    await quiet.stop();
  }

  const nginxRow = rows.find((row) => row.label.startsWith('nginx/'));
  const ourRow = rows.find((row) => row.label.startsWith('Grounded'));
  const quietRow = rows.find((row) => row.label.includes('LOG_LEVEL=warn'));
  const bareRow = rows.find((row) => row.label.startsWith('bare'));
  say(
    `autocannon in the bench process, each server in its own process, one at a time: ${load.connections} connections, ` +
      `pipelining ${load.pipelining}, \`accept-encoding: gzip\`, ${rows[0]?.result.seconds.toFixed(0)} s each after a warm-up run. ` +
      `All answer the same ${ours.body.length.toLocaleString('en-US')} gzip bytes ` +
      `(${plain.body.length.toLocaleString('en-US')} bytes of JSON, \`${contentType}\`); checked byte for byte before measuring. ` +
      'Server CPU is user + system time of the server process (nginx: master and workers) per answered request.',
  );
  say();
  say(
    '| Server | Requests/s | p50 | p99 | Errors | Server CPU per request | autocannon CPU | Header bytes |',
  );
  say('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const { label, result, answer } of rows) {
    say(
      `| ${label} | ${formatRate(result.requestsPerSecond)} | ${result.p50} ms | ${result.p99} ms | ${result.errors} | ` +
        `${result.serverCpuUs === null ? 'n/a' : `${result.serverCpuUs.toFixed(0)} µs`} | ${result.clientCpuPercent.toFixed(0)}% | ${answer.headerBytes} |`,
    );
  }
  say();
  const percent = (value: number) => `${(value * 100).toFixed(0)}%`;
  if (nginxRow && ourRow) {
    const ratio = ourRow.result.requestsPerSecond / nginxRow.result.requestsPerSecond;
    say(
      `- **Ours / nginx: ${percent(ratio)}** with the production defaults. Target ≥ ${percent(targetRatio)}: ` +
        `**${ratio >= targetRatio ? 'met' : 'not met'}**.` +
        (bareRow
          ? ` The bare Node server reaches ${percent(bareRow.result.requestsPerSecond / nginxRow.result.requestsPerSecond)} of nginx (the issue expected about 39%).`
          : '') +
        (ourRow.result.serverCpuUs !== null && nginxRow.result.serverCpuUs !== null
          ? ` CPU per answer, which a busy machine disturbs less: ours ${ourRow.result.serverCpuUs.toFixed(0)} µs, ` +
            `nginx ${nginxRow.result.serverCpuUs.toFixed(0)} µs (${(ourRow.result.serverCpuUs / nginxRow.result.serverCpuUs).toFixed(1)}×).`
          : ''),
    );
  }
  if (ourRow && quietRow) {
    const info = ourRow.result.serverCpuUs;
    const warn = quietRow.result.serverCpuUs;
    const cost =
      info !== null && warn !== null && info > warn
        ? `about ${(info - warn).toFixed(0)} µs of our ${info.toFixed(0)} µs of CPU per request (${percent((info - warn) / info)})` +
          ((info - warn) / info >= 0.4 ? ': logging is the largest single cost' : '')
        : 'no measurable CPU difference in this run (a busy machine hides it)';
    say(
      `- Request logging: at the default LOG_LEVEL=info every request writes one JSON line ` +
        `(${Math.round(ourRow.logBytesPerRequest ?? 0)} bytes per request to the log file) for ${cost}; ` +
        `with LOG_LEVEL=warn (no per-request lines) we answer ${formatRate(quietRow.result.requestsPerSecond)} requests/s` +
        (nginxRow
          ? `, ${percent(quietRow.result.requestsPerSecond / nginxRow.result.requestsPerSecond)} of nginx.`
          : '.'),
    );
  }
  say(`- ${nginxLine}`);
  say(
    '- Security headers (CSP and the rest, 11 headers) are worked out once at start-up and copied onto each answer ' +
      '(src/server/plugins/security-headers.ts); @fastify/helmet rebuilt them, parsing the CSP, on every request: about 30% of our CPU per cached chapter (measured while making the change: ≈ 150–190 µs before, ≈ 110–130 µs after).',
  );
  say(
    "- The load generator shares the 2 cores with the server: when autocannon CPU is near 100%, the figure is its limit, not the server's (this holds for nginx and the bare Node server).",
  );
  say();
}

if (import.meta.main) {
  await runChapterBench((line = '') => console.log(line));
}
