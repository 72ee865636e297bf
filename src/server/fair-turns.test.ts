import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '#tests/api-support/test-app.ts';
import { fairTurns } from './fair-turns.ts';

/** Busy for `ms` of the clock, as a request's work on the event loop is. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Work.
  }
}

const fake = (id: number) => [{ id } as unknown as IncomingMessage, {} as ServerResponse] as const;

describe('fairTurns', () => {
  it('starts a request at once when the server is not busy', () => {
    const started: number[] = [];
    const gate = fairTurns((request) => started.push((request as unknown as { id: number }).id));
    gate(...fake(1));
    expect(started).toEqual([1]);
  });

  it('lets a timer run between slices of a crowd that arrived at once, first come first served', async () => {
    const started: number[] = [];
    let allStarted: () => void = () => {};
    const done = new Promise<void>((resolve) => (allStarted = resolve));
    const crowd = 30;
    const gate = fairTurns(
      (request) => {
        spin(2);
        started.push((request as unknown as { id: number }).id);
        if (started.length === crowd + 5) allStarted();
      },
      { sliceMs: 4 },
    );
    let startedWhenTimerRan = -1;
    setTimeout(() => {
      startedWhenTimerRan = started.length;
      // Latecomers join the end of the line.
      for (let id = crowd; id < crowd + 5; id += 1) gate(...fake(id));
    }, 0);
    // Thirty requests read in one pass of the loop: 60 ms of work.
    for (let id = 0; id < crowd; id += 1) gate(...fake(id));
    await done;
    expect(startedWhenTimerRan).toBeGreaterThan(0);
    expect(startedWhenTimerRan).toBeLessThan(crowd / 2);
    expect(started).toEqual(Array.from({ length: crowd + 5 }, (_, id) => id));
  });
});

describe('the server', () => {
  const t = useTestApp();

  it('answers a crowd arriving at once in slices, so a timer runs before it has answered them all', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const serverSockets: net.Socket[] = [];
    t.app.server.on('connection', (socket: net.Socket) => serverSockets.push(socket));
    const crowd = 300;
    const clients = await Promise.all(
      Array.from(
        { length: crowd },
        () =>
          new Promise<net.Socket>((resolve, reject) => {
            const socket = net.connect(address.port, '127.0.0.1', () => resolve(socket));
            socket.on('error', reject);
          }),
      ),
    );
    await expect.poll(() => serverSockets.length).toBe(crowd);
    const answers = clients.map(
      (socket) =>
        new Promise<string>((resolve) => {
          let text = '';
          socket.on('data', (chunk: Buffer) => {
            text += chunk.toString('latin1');
            if (text.startsWith('HTTP/1.1 ') && text.includes('\r\n\r\n')) resolve(text);
          });
        }),
    );
    // When the first request of the crowd arrives, a timer is set: what has been answered by the
    // time it runs?
    let answeredWhenTimerRan = -1;
    t.app.server.once('request', () => {
      setTimeout(() => {
        answeredWhenTimerRan = serverSockets.filter((socket) => socket.bytesWritten > 0).length;
      }, 0);
    });
    // Every request is on the wire before the server's next pass reads them.
    for (const socket of clients) {
      socket.write('GET /api/bible/Psalms/119 HTTP/1.1\r\nHost: localhost\r\n\r\n');
    }
    const heads = await Promise.all(answers);
    for (const socket of clients) socket.destroy();
    expect(heads.every((head) => head.startsWith('HTTP/1.1 200'))).toBe(true);
    expect(answeredWhenTimerRan).toBeGreaterThanOrEqual(0);
    expect(answeredWhenTimerRan).toBeLessThan(crowd);
  });
});
