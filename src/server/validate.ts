import type { z } from 'zod';
import { AppError } from './app-error.ts';

/** Parses client input with a shared zod schema; the first problem becomes a readable 400. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new AppError('VALIDATION_ERROR', `${where}${issue?.message ?? 'Invalid input.'}`);
}
