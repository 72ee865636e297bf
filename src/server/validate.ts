import type { z } from 'zod';
import { AppError } from './app-error.ts';
import { findInValue } from './plugins/json-body.ts';

const tooManyValues = 'This request holds more values than any form of ours sends.';
const nothing = () => false;

/**
 * Parses client input with a shared zod schema; the first problem becomes a readable 400.
 *
 * zod checks every value it is given and lists every one that is wrong: a list without a maximum
 * given half a million wrong values costs it half a second on the main thread. No form sends
 * more than a few dozen values, so input past the walk's limits (plugins/json-body.ts: 10,000
 * values, 64 deep) is refused before zod sees it, by a walk that stops at them.
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  if (findInValue(input, nothing) === 'not searched') {
    throw new AppError('VALIDATION_ERROR', tooManyValues);
  }
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new AppError('VALIDATION_ERROR', `${where}${issue?.message ?? 'Invalid input.'}`);
}
