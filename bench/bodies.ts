// Hostile request bodies against the event loop. Everything the server does with a body runs on
// its one main thread, so a body that costs seconds there holds every other request for seconds.
// The server runs as `npm start` runs it, behind a trusted proxy header, so that the hostile
// clients can claim a new address for each request (as clients rotating their source addresses
// would) and the per-address limits never refuse them; writes are not limited either
// (WRITE_LIMIT_SCALE, app-server.ts). Several connections send bodies up to the size limits
// (1 MB of JSON, a 5 MB upload) as fast as they are answered, while one connection asks for
// /api/health every 10 ms; its latency then is compared with the same loop on an idle server.
import http from 'node:http';
import os from 'node:os';
import { signUp } from './accounts.ts';
import { startAppServer } from './app-server.ts';
import { benchSeconds, median } from './load.ts';

type Say = (line?: string) => void;

export const bodiesHeading = '## Hostile request bodies and the event loop';

const connections = 4;
const healthEveryMs = 10;

type Answer = { status: number; ms: number };

function send(
  agent: http.Agent,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<Answer> {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.request(
      url,
      {
        agent,
        method,
        headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
        );
      },
    );
    request.setTimeout(120_000, () => request.destroy());
    // The server may answer before the whole body has arrived, and close: that is an answer too.
    request.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    request.end(body);
  });
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

/** The resident memory of a process, in MiB (Linux; null elsewhere). */
async function rssMiB(pid: number | undefined): Promise<number | null> {
  if (!pid) return null;
  try {
    const { readFile } = await import('node:fs/promises');
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

/** /api/health every healthEveryMs on one connection until `until` resolves. */
async function timeHealth(base: string, until: Promise<void>): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let done = false;
  void until.then(() => {
    done = true;
  });
  while (!done) {
    const answer = await send(agent, new URL('/api/health', base), 'GET', {});
    if (answer.status === 200) times.push(answer.ms);
    await new Promise((resolve) => setTimeout(resolve, healthEveryMs));
  }
  agent.destroy();
  return times;
}

function fill(limit: number, head: string, unit: string, tail: string): Buffer {
  const count = Math.floor((limit - head.length - tail.length) / unit.length);
  return Buffer.from(head + unit.repeat(count) + tail);
}

type Hostile = {
  name: string;
  method: string;
  path: string;
  /** JSON, or an upload's raw bytes. */
  isJson: boolean;
  body: Buffer;
  signedIn: boolean;
};

function hostileBodies(): Hostile[] {
  const mb = 1024 * 1024;
  return [
    {
      name: 'sign-in, the e-mail 524,000 zeros (1 MB)',
      method: 'POST',
      path: '/api/auth/signin',
      isJson: true,
      body: fill(mb, '{"email":[', '0,', '0],"password":"x"}'),
      signedIn: false,
    },
    {
      name: 'sign-in, 350,000 empty objects (1 MB)',
      method: 'POST',
      path: '/api/auth/signin',
      isJson: true,
      body: fill(mb, '[', '{},', '{}]'),
      signedIn: false,
    },
    {
      name: 'journal entry, 524,000 zeros (1 MB)',
      method: 'POST',
      path: '/api/journal',
      isJson: true,
      body: fill(mb, '[', '0,', '0]'),
      signedIn: true,
    },
    {
      name: 'profile picture, 5 MB of zero bytes',
      method: 'PUT',
      path: '/api/profile/picture',
      isJson: false,
      body: Buffer.alloc(5 * mb),
      signedIn: true,
    },
  ];
}

/** JSON.parse of a JSON body in this process, the fastest of 5; null for an upload's bytes. */
function parseMs(hostile: Hostile): number | null {
  if (!hostile.isJson) return null;
  const text = hostile.body.toString('utf8');
  let best = Infinity;
  for (let run = 0; run < 5; run += 1) {
    const started = performance.now();
    JSON.parse(text);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

type Phase = {
  health: number[];
  hostile: Map<string, Answer[]>;
  rssBefore: number | null;
  rssAfter: number | null;
};

export async function runBodiesBench(say: Say): Promise<void> {
  const seconds = benchSeconds(10);
  const server = await startAppServer({ env: { TRUST_PROXY: 'true' } });
  const pid = server.child.process.pid;
  try {
    const user = await signUp(server.url, 'bodies');
    const bodies = hostileBodies();
    const headersOf = (hostile: Hostile): Record<string, string> => ({
      origin: server.url,
      'content-type': hostile.isJson ? 'application/json' : 'application/octet-stream',
      // A new address each time: the per-address limits never refuse (see the top).
      'x-forwarded-for': `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
      ...(hostile.signedIn ? { cookie: user.cookie } : {}),
    });

    const phase = async (withHostile: boolean): Promise<Phase> => {
      const rssBefore = await rssMiB(pid);
      let stop = () => {};
      const stopped = new Promise<void>((resolve) => {
        stop = resolve;
      });
      const hostile = new Map<string, Answer[]>(bodies.map((body) => [body.name, []]));
      const senders = withHostile
        ? Array.from({ length: connections }, async (_, index) => {
            const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
            let stopping = false;
            void stopped.then(() => {
              stopping = true;
            });
            for (let turn = index; !stopping; turn += 1) {
              const body = bodies[turn % bodies.length] as Hostile;
              const answer = await send(
                agent,
                new URL(body.path, server.url),
                body.method,
                headersOf(body),
                body.body,
              );
              hostile.get(body.name)?.push(answer);
            }
            agent.destroy();
          })
        : [];
      const timer = setTimeout(stop, seconds * 1000);
      const health = await timeHealth(server.url, stopped);
      clearTimeout(timer);
      await Promise.all(senders);
      return { health, hostile, rssBefore, rssAfter: await rssMiB(pid) };
    };

    const rssAtStart = await rssMiB(pid);
    // Each body once first, so that neither phase pays for the first requests' compilation.
    await Promise.all(
      bodies.map((body) =>
        send(
          new http.Agent(),
          new URL(body.path, server.url),
          body.method,
          headersOf(body),
          body.body,
        ),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const idle = await phase(false);
    const attacked = await phase(true);
    const load = os.loadavg()[0]?.toFixed(2) ?? '?';

    say(bodiesHeading);
    say();
    say(
      `Command: \`node bench/run.ts bodies\`. Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ` +
        `Node ${process.version}, load average ${load}. Date: ${new Date().toISOString().slice(0, 10)}. ` +
        `The server as \`npm start\` runs it (SQLite, one line of log per request) with TRUST_PROXY=true; ` +
        `one connection asks for /api/health every ${healthEveryMs} ms for ${seconds} s on the idle server, ` +
        `then for ${seconds} s while ${connections} other connections send the bodies below in turn, each ` +
        'as soon as its previous one is answered, each claiming a new client address (X-Forwarded-For), ' +
        'so that no per-address limit refuses them. Target: health answered as on an idle server, ' +
        'give or take a few times the cost of parsing one body.',
    );
    say();
    const idleMedian = median(idle.health);
    const idleP99 = percentile(idle.health, 0.99);
    const underMedian = median(attacked.health);
    const underP99 = percentile(attacked.health, 0.99);
    say('| /api/health | Answers | Median | p99 | Slowest |');
    say('| --- | ---: | ---: | ---: | ---: |');
    for (const [label, times] of [
      ['idle server', idle.health],
      [`under ${connections} connections of hostile bodies`, attacked.health],
    ] as const) {
      say(
        `| ${label} | ${times.length} | ${median(times).toFixed(1)} ms | ${percentile(times, 0.99).toFixed(1)} ms | ${Math.max(...times).toFixed(1)} ms |`,
      );
    }
    say(
      `| ratio, hostile / idle | | ${(underMedian / idleMedian).toFixed(1)}× | ${(underP99 / idleP99).toFixed(1)}× | |`,
    );
    say();
    say('| Hostile body | Sent | Answers | Median time to answer | JSON.parse of it alone |');
    say('| --- | ---: | --- | ---: | ---: |');
    for (const body of bodies) {
      const answers = attacked.hostile.get(body.name) ?? [];
      const statuses = new Map<number, number>();
      for (const answer of answers)
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const statusText = [...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${count} × ${status === 0 ? 'no answer' : status}`)
        .join(', ');
      const parse = parseMs(body);
      say(
        `| ${body.name} | ${answers.length} | ${statusText} | ${median(answers.map((answer) => answer.ms)).toFixed(0)} ms | ${parse === null ? '–' : `${parse.toFixed(1)} ms`} |`,
      );
    }
    say();
    const parses = bodies.map(parseMs).filter((ms): ms is number => ms !== null);
    const meanParse = parses.reduce((sum, ms) => sum + ms, 0) / parses.length;
    say(
      `While hostile bodies kept the one thread busy, /api/health waited a median of ${underMedian.toFixed(0)} ms: ` +
        `${(underMedian / meanParse).toFixed(1)} times the mean JSON.parse of one of these bodies ` +
        `(${meanParse.toFixed(1)} ms), with ${connections} bodies in the server at any moment, handled in turn.`,
    );
    say();
    if (attacked.rssBefore !== null && attacked.rssAfter !== null) {
      say(
        `Server memory (RSS): ${rssAtStart?.toFixed(0) ?? '?'} MiB at the start, ` +
          `${idle.rssBefore?.toFixed(0) ?? '?'} MiB after each body once, ` +
          `${attacked.rssAfter.toFixed(0)} MiB at the end of the hostile run.`,
      );
      say();
    }
  } finally {
    await server.stop();
  }
}
