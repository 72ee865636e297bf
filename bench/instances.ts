// Several instances (decision 012). The signed-in mix (the lists a member opens, a chapter, a
// journal entry written) against one server process and against three behind nginx (round
// robin), all on one PostgreSQL with the lists-at-scale seed. On a 2-core machine three Node
// processes, nginx, PostgreSQL and wrk share the same two cores: this shows what the extra
// instances cost and that they work together, not how they scale on a bigger machine.
import type { BenchUser } from './accounts.ts';
import { startAppServer, type AppServer } from './app-server.ts';
import { formatRate } from './load.ts';
import { findNginx, nginxVersion, startNginxBalancer, type Nginx } from './nginx.ts';
import { cpuMsOfTree } from './processes.ts';
import { ms, runWrk, type WrkRequest, type WrkResult } from './wrk.ts';

type Say = (line?: string) => void;

const connections = 50;
const seconds = 15;

const entry = JSON.stringify({
  title: 'Morning reflection',
  content:
    'Read Psalm 23 this morning and sat with it for a while. Grateful for quiet, and for the reminder that I am led beside still waters even on a busy day.',
  emotion_tags: ['Grateful', 'Peaceful'],
  verse_reference: 'Psalms 23:2',
});

/** One in ten requests writes; the reads are what a member's screens ask for. */
export const signedInMix: { request: WrkRequest; label: string }[] = [
  { label: 'GET /api/journal', request: { path: '/api/journal' } },
  { label: 'GET /api/journal', request: { path: '/api/journal' } },
  { label: 'GET /api/saved-verses', request: { path: '/api/saved-verses' } },
  { label: 'GET /api/saved-verses', request: { path: '/api/saved-verses' } },
  { label: 'GET /api/testimonies', request: { path: '/api/testimonies' } },
  { label: 'GET /api/testimonies', request: { path: '/api/testimonies' } },
  { label: 'GET /api/notifications', request: { path: '/api/notifications' } },
  { label: 'GET /api/journal?q=grateful', request: { path: '/api/journal?q=grateful' } },
  { label: 'GET /api/bible/John/3', request: { path: '/api/bible/John/3' } },
  { label: 'POST /api/journal', request: { method: 'POST', path: '/api/journal', body: entry } },
];

type Setup = {
  label: string;
  instances: number;
  viaNginx: boolean;
  result: WrkResult | null;
  /** Spawn to the last instance's first answered health check, all started together. */
  startMs?: number;
  cpu: { servers: number; nginx: number; postgres: number } | null;
  error?: string;
};

export type InstanceFigures = { setups: Setup[]; nginx: string | null; skipped?: string };

async function measureSetup(
  label: string,
  count: number,
  viaNginx: boolean,
  nginxBinary: string | null,
  postgresUrl: string,
  postgresPid: () => number | null,
  member: BenchUser,
): Promise<Setup> {
  const servers: AppServer[] = [];
  let nginx: Nginx | null = null;
  const started = performance.now();
  try {
    // Started together, as the reliability run does; the schema is already migrated.
    servers.push(
      ...(await Promise.all(
        Array.from({ length: count }, () =>
          startAppServer({
            databaseUrl: postgresUrl,
            env: viaNginx ? { TRUST_PROXY: '1' } : {},
            // Three start at once on a shared machine: give them time.
            startTimeoutMs: 180_000,
          }),
        ),
      )),
    );
    const startMs = performance.now() - started;
    if (viaNginx) {
      if (!nginxBinary) throw new Error('no nginx');
      nginx = await startNginxBalancer(
        nginxBinary,
        servers.map((server) => server.url),
      );
    }
    const origin = nginx?.url ?? servers[0]?.url ?? '';
    const serverPids = servers.map((server) => server.child.process.pid ?? 0);
    const cpuOf = (pid: number | null | undefined) => (pid ? (cpuMsOfTree(pid) ?? 0) : 0);
    const sample = () => ({
      servers: serverPids.reduce((sum, pid) => sum + cpuOf(pid), 0),
      nginx: cpuOf(nginx?.child.process.pid),
      postgres: cpuOf(postgresPid()),
    });
    // Warm-up run first (JIT, pools, nginx's upstream connections), then the sample brackets
    // the measured run only.
    await runWrk({
      origin,
      requests: signedInMix.map(({ request }) => request),
      headers: { cookie: member.cookie, 'accept-encoding': 'gzip' },
      connections,
      seconds: 5,
    });
    const before = sample();
    const result = await runWrk({
      origin,
      requests: signedInMix.map(({ request }) => request),
      headers: { cookie: member.cookie, 'accept-encoding': 'gzip' },
      connections,
      seconds,
      warmUp: false,
    });
    const after = sample();
    const percent = (value: number) => (value / (result.seconds * 1000)) * 100;
    return {
      label,
      instances: count,
      viaNginx,
      result,
      startMs,
      cpu: {
        servers: percent(after.servers - before.servers),
        nginx: percent(after.nginx - before.nginx),
        postgres: percent(after.postgres - before.postgres),
      },
    };
  } catch (error) {
    return {
      label,
      instances: count,
      viaNginx,
      result: null,
      cpu: null,
      error: error instanceof Error ? error.message.split('\n')[0] : String(error),
    };
  } finally {
    await nginx?.stop();
    await Promise.all(servers.map((server) => server.stop()));
  }
}

export async function measureInstances(
  postgresUrl: string,
  postgresPid: () => number | null,
  member: BenchUser,
): Promise<InstanceFigures> {
  const nginxBinary = findNginx();
  const setups: Setup[] = [];
  console.log('  instances: one, direct');
  setups.push(
    await measureSetup(
      '1 instance, direct',
      1,
      false,
      nginxBinary,
      postgresUrl,
      postgresPid,
      member,
    ),
  );
  if (!nginxBinary) {
    return {
      setups,
      nginx: null,
      skipped: 'nginx not found: the instances behind nginx were not measured.',
    };
  }
  console.log('  instances: one behind nginx');
  setups.push(
    await measureSetup(
      '1 instance behind nginx',
      1,
      true,
      nginxBinary,
      postgresUrl,
      postgresPid,
      member,
    ),
  );
  console.log('  instances: three behind nginx');
  setups.push(
    await measureSetup(
      '3 instances behind nginx',
      3,
      true,
      nginxBinary,
      postgresUrl,
      postgresPid,
      member,
    ),
  );
  return { setups, nginx: nginxVersion(nginxBinary) };
}

export function reportInstances(say: Say, figures: InstanceFigures, cores: number): void {
  say('### Three instances on PostgreSQL');
  say();
  say(
    `The signed-in mix as the seeded member (one session, shared by every instance through the database): ` +
      `${signedInMix.map(({ label }) => label).join(', ')} in turn, so 1 request in 10 writes. ` +
      `wrk, 2 threads, ${connections} connections, ${seconds} s after a 5 s warm-up, against one server process directly, ` +
      `one behind nginx, and three behind nginx (${figures.nginx ?? 'nginx'}, round robin, keep-alive to each instance, ` +
      'its own temp config; TRUST_PROXY=1 behind it). Every instance is `npm start` with its own pool of 10 PostgreSQL connections, ' +
      'all on the same throwaway PostgreSQL. "Started in" is from spawning the instances (together) to the last one answering its health check. CPU columns are in % of one core over the measured run.',
  );
  say();
  say(
    '| Setup | Started in | Requests/s | p50 | p99 | Errors | Servers CPU | nginx CPU | PostgreSQL CPU | wrk CPU |',
  );
  say('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const setup of figures.setups) {
    if (!setup.result || !setup.cpu) {
      say(`| ${setup.label} | **not measured**: ${setup.error ?? ''} | | | | | | | | |`);
      continue;
    }
    const { result, cpu } = setup;
    say(
      `| ${setup.label} | ${((setup.startMs ?? 0) / 1000).toFixed(1)} s | ${formatRate(result.requestsPerSecond)} | ${ms(result.p50)} | ${ms(result.p99)} | ${result.errors} | ` +
        `${Math.round(cpu.servers)}% | ${setup.viaNginx ? `${Math.round(cpu.nginx)}%` : '–'} | ${Math.round(cpu.postgres)}% | ` +
        `${Math.round(result.wrkCpuPercent)}% |`,
    );
  }
  say();
  if (figures.skipped) say(`- ${figures.skipped}`);
  const one = figures.setups.find((setup) => setup.instances === 1 && setup.viaNginx)?.result;
  const three = figures.setups.find((setup) => setup.instances === 3)?.result;
  if (one && three) {
    say(
      `- Three instances against one, both behind nginx: ${formatRate(three.requestsPerSecond)} vs ${formatRate(one.requestsPerSecond)} requests/s ` +
        `(${((three.requestsPerSecond / one.requestsPerSecond) * 100).toFixed(0)}%), p99 ${ms(three.p99)} vs ${ms(one.p99)}.`,
    );
  }
  say(
    `- This machine has ${cores} cores. The three instances, nginx, PostgreSQL and wrk all run on them, so the instances compete ` +
      'for the same CPU rather than adding any: more instances cannot raise throughput here, and their extra processes, ' +
      "nginx's hop and the contention show as cost. The figures show that three instances serve the same load correctly together " +
      '(one session, one database, no errors), not how far they scale on a machine with a core per instance.',
  );
  say();
}
