// wrk (C, epoll, its own threads) as the load generator for the lists at scale: it costs far less CPU per
// request than autocannon, so on 2 cores it leaves more to the server, and its own CPU time is
// measured and reported beside every figure (measure the thing, not the tool).
// A request list (bench/wrk.lua) lets one run rotate through several paths or a mixed load.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from './cleanup.ts';
import { benchSeconds } from './load.ts';
import { cpuMsOfTree } from './processes.ts';

const script = path.join(import.meta.dirname, 'wrk.lua');

export function findWrk(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).stdout.trim();
  return found || null;
}

export type WrkRequest = { method?: 'GET' | 'POST'; path: string; body?: string };

export type WrkOptions = {
  /** Origin only, e.g. http://127.0.0.1:1234. */
  origin: string;
  /** Sent in turn by each connection. */
  requests: WrkRequest[];
  headers?: Record<string, string>;
  connections: number;
  /** wrk threads; 2 on this machine's 2 cores. */
  threads?: number;
  /** Measured seconds; BENCH_SECONDS overrides it. */
  seconds: number;
  /** Process ids whose CPU time (with their direct children) is counted per request. */
  serverPids?: number[];
  warmUp?: boolean;
};

export type WrkResult = {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  /** Milliseconds. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Socket errors, timeouts and answers other than 2xx/3xx. */
  errors: number;
  /** wrk's own user + system CPU, in % of one core (100% = one core busy all the run). */
  wrkCpuPercent: number;
  /** Server CPU time per request in µs, when serverPids were given (Linux). */
  serverCpuUs: number | null;
  /** Server CPU in % of one core over the run. */
  serverCpuPercent: number | null;
};

type WrkJson = {
  requests: number;
  duration_us: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
};

/**
 * Runs wrk under `sh`, which reads its own /proc stat once wrk has been waited for: the shell's
 * cutime + cstime are then exactly wrk's CPU time (all its threads).
 */
async function runOnce(
  options: WrkOptions,
  seconds: number,
): Promise<{ json: WrkJson; cpuMs: number }> {
  const { dir, remove } = tempDir('wrk');
  try {
    const list = path.join(dir, 'requests.tsv');
    fs.writeFileSync(
      list,
      options.requests
        .map(
          (request) =>
            `${request.method ?? 'GET'}\t${request.path}${request.body ? `\t${request.body}` : ''}`,
        )
        .join('\n') + '\n',
    );
    const headerArgs = Object.entries(options.headers ?? {}).flatMap(([name, value]) => [
      '-H',
      `${name}: ${value}`,
    ]);
    const args = [
      '-t',
      String(options.threads ?? 2),
      '-c',
      String(options.connections),
      '-d',
      `${Math.max(1, Math.round(seconds))}s`,
      '--timeout',
      '10s',
      '-s',
      script,
      ...headerArgs,
      options.origin + (options.requests[0]?.path ?? '/'),
      '--',
      list,
    ];
    const child = spawn(
      'sh',
      [
        '-c',
        'wrk "$@"; status=$?; echo "SH_STAT $(cat /proc/$$/stat)"; exit $status',
        'sh',
        ...args,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    const jsonLine = /WRK_JSON (\{.*\})/.exec(stdout)?.[1];
    const statLine = /SH_STAT (.*)/.exec(stdout)?.[1];
    if (code !== 0 || !jsonLine || !statLine) {
      throw new Error(`wrk failed (${code}): ${stderr}\n${stdout}`);
    }
    // Fields after "pid (comm) ": cutime is the 16th field of the line, cstime the 17th.
    const fields = statLine.slice(statLine.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[13]) + Number(fields[14]);
    return { json: JSON.parse(jsonLine) as WrkJson, cpuMs: ticks * 10 };
  } finally {
    remove();
  }
}

export async function runWrk(options: WrkOptions): Promise<WrkResult> {
  const seconds = benchSeconds(options.seconds);
  if (options.warmUp !== false) await runOnce(options, Math.max(1, Math.min(5, seconds / 2)));
  const serverCpu = () =>
    (options.serverPids ?? []).reduce((sum, pid) => sum + (cpuMsOfTree(pid) ?? 0), 0);
  const serverBefore = serverCpu();
  const { json, cpuMs } = await runOnce(options, seconds);
  const serverMs = serverCpu() - serverBefore;
  const measuredSeconds = json.duration_us / 1e6;
  const hasServer = (options.serverPids ?? []).length > 0;
  return {
    requests: json.requests,
    seconds: measuredSeconds,
    requestsPerSecond: json.requests / measuredSeconds,
    p50: json.p50 / 1000,
    p95: json.p95 / 1000,
    p99: json.p99 / 1000,
    max: json.max / 1000,
    errors: json.connect + json.read + json.write + json.status + json.timeout,
    wrkCpuPercent: (cpuMs / (measuredSeconds * 1000)) * 100,
    serverCpuUs: hasServer && json.requests > 0 ? (serverMs * 1000) / json.requests : null,
    serverCpuPercent: hasServer ? (serverMs / (measuredSeconds * 1000)) * 100 : null,
  };
}

/** Milliseconds with one decimal below 10, whole above. */
export function ms(value: number): string {
  return value < 10 ? `${value.toFixed(1)} ms` : `${Math.round(value)} ms`;
}
