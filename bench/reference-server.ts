// The machine's floor for the list figures (docs/benchmarks.md): a Node http server that spends a fixed CPU
// time on every request (a busy loop) and answers a fixed 6 KB JSON body, with no database, no
// framework and no waiting. Loaded exactly as the list APIs are, its p99 is what this machine
// gives a perfectly fair server of that cost: any tail above it is ours, any tail it shares is
// the machine's (scheduling, the hypervisor, the load generator on the same cores).
// GET /event-loop answers its own event-loop delay since the last such request (ms, at the
// resolution the app's /metrics is given in the same run), so a saturated loop can be told from a
// long task. Started by bench/lists.ts as
// `node bench/reference-server.ts PORT MICROSECONDS [RESOLUTION_MS]` (10 ms by default).
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const [port = '0', microseconds = '200', resolutionMs = '10'] = process.argv.slice(2);
const spinMs = Number(microseconds) / 1000;
const body = Buffer.from(JSON.stringify({ items: 'x'.repeat(6000), next_cursor: null }));
const headers = { 'content-type': 'application/json', 'content-length': String(body.length) };
const delay = monitorEventLoopDelay({ resolution: Number(resolutionMs) });
delay.enable();

http
  .createServer((request, response) => {
    if (request.url === '/event-loop') {
      const figures = {
        p50: delay.percentile(50) / 1e6,
        p99: delay.percentile(99) / 1e6,
        max: delay.max / 1e6,
      };
      delay.reset();
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(figures));
      return;
    }
    const until = performance.now() + spinMs;
    while (performance.now() < until) {
      // Spinning stands for the work of a request.
    }
    response.writeHead(200, headers);
    response.end(body);
  })
  .listen(Number(port), '127.0.0.1');
