// One autocannon measurement: a warm-up run (JIT, caches, connection set-up), then the measured
// run with the same settings. BENCH_SECONDS shortens every run while developing.
import autocannon from 'autocannon';
import { cpuMsOfTree } from './processes.ts';

export type LoadOptions = {
  url: string;
  connections: number;
  pipelining?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Measured seconds; BENCH_SECONDS overrides it. */
  seconds: number;
  /** The server's process id: its CPU time (with its children's) is counted per request. */
  serverPid?: number;
  /** A warm-up run first (the default); a repeat on a warm server can leave it out. */
  warmUp?: boolean;
};

export type LoadResult = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Socket errors, timeouts and non-2xx answers together. */
  errors: number;
  /** Answers counted by status code, to explain errors. */
  statuses: Record<string, number>;
  requests: number;
  /** 2xx answers of the warm-up and the measured run together (writes to count in the database). */
  acknowledged: number;
  seconds: number;
  /** Server CPU time per answered request (µs), when the server's pid was given (Linux). */
  serverCpuUs: number | null;
  /** CPU used by this process (autocannon), in % of one core: near 100 means it was the limit. */
  clientCpuPercent: number;
};

/** The middle value (the upper one of an even count); 0 for none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export function benchSeconds(seconds: number): number {
  const override = Number(process.env.BENCH_SECONDS);
  return Number.isFinite(override) && override > 0 ? override : seconds;
}

export async function measure(options: LoadOptions): Promise<LoadResult> {
  const seconds = benchSeconds(options.seconds);
  const settings = {
    url: options.url,
    connections: options.connections,
    pipelining: options.pipelining ?? 1,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
  };
  // Half the measured time, at most 5 s: with 2 s, the first measurement after a server start
  // still caught V8 optimising the request path (p99 30 ms where the next run gave 23 ms).
  const warmUp =
    options.warmUp === false
      ? { '2xx': 0 }
      : await autocannon({ ...settings, duration: Math.max(1, Math.min(5, seconds / 2)) });
  const serverCpuBefore = options.serverPid ? cpuMsOfTree(options.serverPid) : null;
  const clientCpuBefore = process.cpuUsage();
  const result = await autocannon({ ...settings, duration: seconds });
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const serverCpuAfter = options.serverPid ? cpuMsOfTree(options.serverPid) : null;
  const serverCpuMs =
    serverCpuBefore !== null && serverCpuAfter !== null ? serverCpuAfter - serverCpuBefore : null;
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    statuses: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]),
    ),
    requests: result.requests.total,
    acknowledged: warmUp['2xx'] + result['2xx'],
    seconds: result.duration,
    serverCpuUs:
      serverCpuMs !== null && result.requests.total > 0
        ? (serverCpuMs * 1000) / result.requests.total
        : null,
    clientCpuPercent: ((clientCpu.user + clientCpu.system) / 1000 / (result.duration * 1000)) * 100,
  };
}

export type RepeatedResult = {
  /** The run with the median p99. */
  median: LoadResult;
  /** Every run, in the order they ran. */
  runs: LoadResult[];
  /** 2xx answers of every run and warm-up together (writes to count in the database). */
  acknowledged: number;
};

/**
 * The same measurement `runs` times back to back (one warm-up, before the first): a single
 * 10 s run's p99 moves by several milliseconds on a shared machine, so the median run is
 * reported, with every run's figures beside it.
 */
export async function measureRepeated(options: LoadOptions, runs: number): Promise<RepeatedResult> {
  const results: LoadResult[] = [];
  for (let run = 0; run < runs; run += 1) {
    results.push(await measure({ ...options, warmUp: run === 0 && options.warmUp !== false }));
  }
  const byP99 = [...results].sort((a, b) => a.p99 - b.p99);
  const median = byP99[Math.floor(byP99.length / 2)];
  if (!median) throw new Error('measureRepeated needs at least one run');
  return {
    median,
    runs: results,
    acknowledged: results.reduce((sum, result) => sum + result.acknowledged, 0),
  };
}

export const formatRate = (value: number) => Math.round(value).toLocaleString('en-US');
