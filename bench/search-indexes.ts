// What merging the search indexes saves: the SQLite server of the lists-at-scale seed, its
// indexes first as the seed's inserts left them (a pile of segments), then merged as the daily
// upkeep leaves them (src/server/jobs/search-index-upkeep.ts). Each journal and notes search of
// bench/lists.ts is asked for one request at a time, and the server's CPU time (user + system,
// /proc, bench/processes.ts) over the requests is its cost. `node bench/search-indexes.ts`
// prints a Markdown table.
import os from 'node:os';
import { mergeSearchIndexes } from '#server/jobs/search-index-upkeep.ts';
import { journalQueries } from './lists.ts';
import { cpuMsOfTree } from './processes.ts';
import { startSeededServer } from './seeded-server.ts';

const requestsPerQuery = 200;

const server = await startSeededServer(undefined, { mergeSearchIndexes: false });
try {
  const pid = server.pids[0];
  if (pid === undefined) throw new Error('no server process');
  const headers = { cookie: server.member.cookie };
  const measure = async (path: string) => {
    const url = `${server.url}${path}`;
    for (let index = 0; index < 20; index += 1) await (await fetch(url, { headers })).text();
    const before = cpuMsOfTree(pid);
    for (let index = 0; index < requestsPerQuery; index += 1) {
      await (await fetch(url, { headers })).text();
    }
    const after = cpuMsOfTree(pid);
    if (before === null || after === null) throw new Error('no /proc to read CPU time from');
    return (after - before) / requestsPerQuery;
  };
  const paths = ['journal', 'notes'].flatMap((list) =>
    journalQueries.map(({ kind, q }) => ({
      list,
      kind,
      q,
      path: `/api/${list}?q=${encodeURIComponent(q)}`,
    })),
  );
  const before: number[] = [];
  for (const { path } of paths) before.push(await measure(path));
  const started = performance.now();
  const merged = await mergeSearchIndexes(server.handle.db, server.handle.dialect);
  const mergeMs = performance.now() - started;
  const after: number[] = [];
  for (const { path } of paths) after.push(await measure(path));
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  console.log(
    `Command: \`node bench/search-indexes.ts\`. Machine: ${os.cpus().length} cores, Node ${process.version}, load average at the end ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}. Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. ` +
      `${requestsPerQuery} requests per search, one at a time; server CPU (user + system) per request. ` +
      `The merge: ${merged.steps} steps, ${Math.round(mergeMs)} ms in all.`,
  );
  console.log('');
  console.log('| List | Search | Kind | Indexes as inserted | Merged |');
  console.log('| --- | --- | --- | ---: | ---: |');
  paths.forEach(({ list, q, kind }, index) => {
    console.log(
      `| ${list} | ${q} | ${kind} | ${before[index]?.toFixed(2)} ms | ${after[index]?.toFixed(2)} ms |`,
    );
  });
  for (const list of ['journal', 'notes']) {
    const rows = paths.map((path, index) => ({ ...path, index })).filter((p) => p.list === list);
    console.log(
      `| ${list} | all ${rows.length} | mean | ${mean(rows.map((row) => before[row.index] ?? 0)).toFixed(2)} ms | ${mean(rows.map((row) => after[row.index] ?? 0)).toFixed(2)} ms |`,
    );
  }
} finally {
  await server.stop();
}
