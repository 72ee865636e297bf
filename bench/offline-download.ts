// Each translation for offline use in at most 1.5 MB on the wire.
// Fetches the reader's download (GET /api/bible/download/verses?translation=, raw verses that the
// browser rebuilds into chapter answers) from `npm start`'s server as a browser asks for it,
// brotli and gzip, and, beside it, the older download of the KJV's whole chapter answers
// (GET /api/bible/download).
import os from 'node:os';
import { startAppServer } from './app-server.ts';

type Say = (line?: string) => void;

export const offlineHeading = '## Offline Bible download';
const targetBytes = 1.5 * 1000 * 1000;

async function wireBytes(url: string, encoding: string) {
  const started = performance.now();
  const response = await fetch(url, { headers: { 'accept-encoding': encoding } });
  // fetch would decode the body; the bytes on the wire are what content-length says.
  const onWire = Number(response.headers.get('content-length'));
  const decoded = (await response.arrayBuffer()).byteLength;
  return {
    encoding: response.headers.get('content-encoding') ?? 'identity',
    onWire,
    decoded,
    ms: performance.now() - started,
  };
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

export async function runOfflineDownloadBench(say: Say): Promise<void> {
  const server = await startAppServer();
  try {
    say(offlineHeading);
    say();
    say(
      `Command: \`node bench/run.ts offline\` (also part of \`npm run bench\`). Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}. Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. ` +
        "The server as `npm start` runs it; each body is fetched twice per encoding, the first time compressed (once, then kept) and the second as a browser gets it. MB are 1,000,000 bytes. Target: the reader's download ≤ 1.5 MB on the wire.",
    );
    say();
    say(
      '| Download | Encoding | On the wire | Uncompressed | First answer (compressing) | Target |',
    );
    say('| --- | --- | ---: | ---: | ---: | --- |');
    for (const [name, path, isTheReaders] of [
      [
        'KJV: raw verses, rebuilt by the browser (the reader’s)',
        '/api/bible/download/verses',
        true,
      ],
      ['WEB: raw verses (the reader’s)', '/api/bible/download/verses?translation=web', true],
      ['ASV: raw verses (the reader’s)', '/api/bible/download/verses?translation=asv', true],
      ['KJV: whole chapter answers (before)', '/api/bible/download', false],
    ] as const) {
      for (const encoding of ['br', 'gzip']) {
        const first = await wireBytes(server.url + path, encoding);
        const figure = await wireBytes(server.url + path, encoding);
        const verdict = isTheReaders ? (figure.onWire <= targetBytes ? 'met' : '**not met**') : '';
        say(
          `| ${name} | ${figure.encoding} | ${mb(figure.onWire)} | ${mb(figure.decoded)} | ${(first.ms / 1000).toFixed(1)} s | ${verdict} |`,
        );
      }
    }
    say();
  } finally {
    await server.stop();
  }
}
