import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { walkLimits } from './plugins/json-body.ts';
import { parseInput } from './validate.ts';

function refusal(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message };
  }
  return null;
}

describe('parseInput', () => {
  const tags = z.object({ tags: z.array(z.string()) });

  it('names the first problem', () => {
    expect(refusal(() => parseInput(tags, { tags: ['a', 1] }))).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'tags.1: Invalid input: expected string, received number',
    });
    expect(parseInput(tags, { tags: ['a'] })).toEqual({ tags: ['a'] });
  });

  it('refuses more values than any form sends before zod lists each one', () => {
    const many = { tags: Array<number>(500_000).fill(0) };
    const refused = { code: 'VALIDATION_ERROR', message: expect.stringMatching(/more values/) };
    let best = Infinity;
    for (let run = 0; run < 3; run += 1) {
      const started = performance.now();
      expect(refusal(() => parseInput(tags, many))).toEqual(refused);
      best = Math.min(best, performance.now() - started);
    }
    // zod alone would list 500,000 issues (half a second); the walk stops at its limit.
    let parse = Infinity;
    const text = JSON.stringify(many);
    for (let run = 0; run < 3; run += 1) {
      const started = performance.now();
      JSON.parse(text);
      parse = Math.min(parse, performance.now() - started);
    }
    expect(best).toBeLessThan(parse);
    const deep = JSON.parse(
      `${'['.repeat(walkLimits.depth + 1)}${']'.repeat(walkLimits.depth + 1)}`,
    );
    expect(refusal(() => parseInput(z.array(z.unknown()), deep))).toEqual(refused);
    const atTheLimit = { tags: Array<string>(walkLimits.values - 1).fill('a') };
    expect(parseInput(tags, atTheLimit).tags).toHaveLength(walkLimits.values - 1);
  });
});
