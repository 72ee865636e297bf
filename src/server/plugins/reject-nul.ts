import type { FastifyInstance } from 'fastify';
import { AppError } from '../app-error.ts';

const maxDepth = 64;

/** The path of the first string (or key) holding a NUL character, or null when there is none. */
function findNul(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (path.length > maxDepth || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = findNul(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL cannot store the NUL character in text, and no person types one; refusing it at
 * the door keeps both databases answering the same way (400, not a 500 on PostgreSQL only).
 */
export function registerNulRejection(app: FastifyInstance): void {
  // Callback style: an async hook would cost a promise on every request.
  app.addHook('preValidation', (request, _reply, done) => {
    const path = findNul(request.body) ?? findNul(request.query) ?? findNul(request.params) ?? null;
    if (!path) {
      done();
      return;
    }
    const where = path.length > 0 ? `${path.join('.')}: ` : '';
    done(new AppError('VALIDATION_ERROR', `${where}That text holds a character we cannot save.`));
  });
}
