import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics.ts';

function seconds(text: string, name: string): number {
  const match = new RegExp(`^${name} ([0-9.e+-]+)$`, 'm').exec(text);
  if (!match?.[1]) throw new Error(`/metrics has no ${name}`);
  return Number(match[1]);
}

describe('the event-loop figures', () => {
  it('read the delay itself when asked to look every millisecond, not the default 10 ms period', async () => {
    const metrics = createMetrics({ eventLoopResolutionMs: 1 });
    // The first reading starts the histogram; the second holds what an idle loop showed since.
    await metrics.render();
    await sleep(300);
    const text = await metrics.render();
    // Every reading includes the period: at 10 ms an idle loop reads 10 ms or more.
    expect(seconds(text, 'nodejs_eventloop_lag_p50_seconds')).toBeLessThan(0.008);
    expect(seconds(text, 'nodejs_eventloop_lag_min_seconds')).toBeGreaterThan(0);
  });
});
