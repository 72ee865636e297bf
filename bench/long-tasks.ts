// The longest task of each request, alone: the seeded SQLite server with nothing else to do is
// asked for one kind of request at a time, several times over, and its own event-loop delay
// (the /metrics maximum, reset when read) gives the longest stretch that request held the loop.
// Unlike the mix, this does not depend on how many requests wait at once, so a long task shows
// as itself. `node bench/run.ts event-loop` reports it beside the mix; `node bench/event-loop.ts
// [node flags]` runs it alone (with --cpu-prof, say, to see what a long task does).
import sharp from 'sharp';
import type { SeededServer } from './seeded-server.ts';

export type LongTaskCase = {
  label: string;
  path: string;
  method?: 'GET' | 'POST' | 'PUT';
  body?: () => Promise<Blob | string>;
  contentType?: string;
};

export type LongTaskRow = { label: string; times: number; maxMs: number; meanWallMs: number };

export type EventLoop = { p50: number; p99: number; max: number };

/** The server's event-loop delay since its metrics were last read, in ms. */
export async function readEventLoop(url: string): Promise<EventLoop> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const value = (name: string) => {
    const match = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm').exec(text);
    if (!match?.[1]) throw new Error(`/metrics has no ${name}`);
    return Number(match[1]) * 1000;
  };
  return {
    p50: value('nodejs_eventloop_lag_p50_seconds'),
    p99: value('nodejs_eventloop_lag_p99_seconds'),
    max: value('nodejs_eventloop_lag_max_seconds'),
  };
}

/** A photo-like JPEG of a phone's size: noise enlarged, so it decodes like a photo. */
export async function phonePhoto(): Promise<Buffer> {
  const grain = await sharp({
    create: {
      width: 500,
      height: 375,
      channels: 3,
      background: '#7a9',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return sharp(grain).resize(4000, 3000).jpeg({ quality: 85 }).toBuffer();
}

/** The photo uploaded as the member's profile picture. */
export function photoUpload(photo: Buffer): LongTaskCase {
  return {
    label: 'the photo upload',
    path: '/api/profile/picture',
    method: 'PUT',
    contentType: 'image/jpeg',
    body: async () => new Blob([new Uint8Array(photo)]),
  };
}

export async function measureLongTasks(
  server: SeededServer,
  cases: LongTaskCase[],
  times = 5,
): Promise<LongTaskRow[]> {
  const cookie = server.member.cookie;
  const rows: LongTaskRow[] = [];
  for (const item of cases) {
    // One untimed pass warms the statements and the JIT for this request.
    const ask = async () => {
      const response = await fetch(server.url + item.path, {
        method: item.method ?? 'GET',
        headers: {
          cookie,
          origin: server.url,
          'accept-encoding': 'gzip',
          ...(item.contentType ? { 'content-type': item.contentType } : {}),
        },
        ...(item.body ? { body: await item.body() } : {}),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${item.label} answered ${response.status}`);
    };
    await ask();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await readEventLoop(server.url);
    let wall = 0;
    for (let index = 0; index < times; index += 1) {
      const started = performance.now();
      await ask();
      wall += performance.now() - started;
      // A quiet gap lets the delay monitor tick between requests.
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    rows.push({
      label: item.label,
      times,
      maxMs: (await readEventLoop(server.url)).max,
      meanWallMs: wall / times,
    });
  }
  return rows;
}
