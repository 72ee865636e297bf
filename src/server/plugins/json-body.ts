import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { AppError } from '#server/app-error.ts';

/**
 * The JSON body parser, and the checks made on what a request sends, at a cost that stays
 * close to JSON.parse's whatever arrives. Everything here runs on the one main thread: a walk
 * over every value of a 1 MB body (500,000 zeros are 500,000 values) held every other request
 * for a tenth of a second, and one over a 5 MB upload's bytes for seconds. So each check reads
 * the text in one linear scan, and walks the parsed value only when the text says there is
 * something to find, and then within the limits below.
 *
 * - A NUL character: PostgreSQL cannot store it in text, and no person types one; refusing it
 *   at the door keeps both databases answering the same way (400, not a 500 on PostgreSQL
 *   only). In JSON text a NUL can only be the escape \u0000 (the parser refuses a raw one), and
 *   in a query or path parameter only %00 in the URL.
 * - Prototype poisoning: a `__proto__` key, or a `constructor` holding a `prototype`, refused as
 *   Fastify's own parser refuses them; its check walks every value of a body whose text so much
 *   as mentions the name (four times the parse), so this one walks within the limits and
 *   refuses a body it could not search to the end.
 * - Raw bodies (an upload's bytes) are never looked at: a NUL byte is ordinary in a picture.
 */

/** How far a walk of a parsed body goes: no request of the app's own comes near either. */
export const walkLimits = { values: 10_000, depth: 64 };

const nulMessage = 'That text holds a character we cannot save.';

/**
 * A real escape \u0000: its backslash starts the text or follows a character that is not a
 * backslash, or follows pairs of backslashes (each pair an escaped backslash). A backslash that
 * is itself escaped (\\u0000: a backslash, then "u0000") does not count. Linear: the pairs are
 * the only repetition, and they can only be counted from the start of a run.
 */
const nulEscape = /(?:^|[^\\])(?:\\\\)*\\u0000/;

/**
 * Whether JSON text holds a NUL once parsed. Most texts have no "u0000" at all, and that search
 * is faster than the pattern's.
 */
export function jsonHoldsNul(text: string): boolean {
  return text.includes('u0000') && nulEscape.test(text);
}

// What secure-json-parse (Fastify's parser) tests the text for, as one pattern (one pass): a
// `__proto__` or `constructor` key, spelt with or without escapes, then a colon. Linear: nothing
// repeats but the spaces before the colon.
const prototypeKey =
  /"(?:(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])|(?:c|\\u0063)(?:o|\\u006[Ff])(?:n|\\u006[Ee])(?:s|\\u0073)(?:t|\\u0074)(?:r|\\u0072)(?:u|\\u0075)(?:c|\\u0063)(?:t|\\u0074)(?:o|\\u006[Ff])(?:r|\\u0072))"\s*:/;

/** Whether JSON text may hold a `__proto__` or `constructor` key: only then is it walked. */
export function jsonMayPoisonPrototypes(text: string): boolean {
  return prototypeKey.test(text);
}

/** What a walk looks for in each value it visits: the value under `key` of its container. */
type Target = (key: string, value: unknown) => boolean;

export const holdsNul: Target = (key, value) =>
  key.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000'));

/** What Fastify's parser refuses: a `__proto__` key, or a `constructor` with a `prototype`. */
export const poisonsPrototypes: Target = (key, value) =>
  key === '__proto__' ||
  (key === 'constructor' &&
    typeof value === 'object' &&
    value !== null &&
    Object.hasOwn(value, 'prototype'));

type PathLink = { key: string; parent: PathLink | null };

function pathOf(link: PathLink | null): string[] {
  const path: string[] = [];
  for (let at = link; at; at = at.parent) path.push(at.key);
  return path.reverse();
}

/** Objects and arrays are walked; Buffers and typed arrays (bytes) never are. */
function isWalkable(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !ArrayBuffer.isView(value);
}

type Frame = {
  container: object;
  /** An object's own keys, or null for an array (its indexes need no list). */
  keys: string[] | null;
  length: number;
  next: number;
  path: PathLink | null;
};

function frameOf(container: object, path: PathLink | null): Frame {
  const keys = Array.isArray(container) ? null : Object.keys(container);
  const length = keys ? keys.length : (container as unknown[]).length;
  return { container, keys, length, next: 0, path };
}

export type WalkResult = { path: string[] } | 'none' | 'not searched';

/**
 * The path of the first value (in the document's order) that `target` picks, 'none' when no
 * value does, or 'not searched' when the limits cut the walk short. Iterative (no recursion to
 * overflow), visiting at most `limits.values` values at most `limits.depth` deep. A plain string
 * is a value of its own, with the empty path.
 */
export function findInValue(
  value: unknown,
  target: Target,
  limits: { values: number; depth: number } = walkLimits,
): WalkResult {
  if (!isWalkable(value)) return target('', value) ? { path: [] } : 'none';
  const frames: Frame[] = [frameOf(value, null)];
  let budget = limits.values;
  let complete = true;
  while (frames.length > 0) {
    const frame = frames[frames.length - 1] as Frame;
    if (frame.next >= frame.length) {
      frames.pop();
      continue;
    }
    if (budget <= 0) return 'not searched';
    budget -= 1;
    const index = frame.next;
    frame.next += 1;
    const key = frame.keys ? (frame.keys[index] as string) : String(index);
    const item = (frame.container as Record<string, unknown>)[key];
    if (target(key, item)) return { path: pathOf({ key, parent: frame.path }) };
    if (!isWalkable(item)) continue;
    if (frames.length >= limits.depth) complete = false;
    else frames.push(frameOf(item, { key, parent: frame.path }));
  }
  return complete ? 'none' : 'not searched';
}

/** The refusal of a NUL, naming the field when the walk found it. */
function nulError(found: Exclude<WalkResult, 'none'>): AppError {
  const path = found === 'not searched' ? [] : found.path;
  return new AppError(
    'VALIDATION_ERROR',
    `${path.length > 0 ? `${path.join('.')}: ` : ''}${nulMessage}`,
  );
}

type JsonParse = (
  request: FastifyRequest,
  text: string,
  done: (error: Error | null, body?: unknown) => void,
) => void;

/**
 * Replaces Fastify's JSON parser with plain JSON.parse (its empty-body and syntax errors, and
 * its byte-order-mark handling, unchanged) followed by the checks above, and checks the URL's
 * values before validation. Register before the routes: a route's scope keeps the parsers it
 * was given.
 */
export function registerJsonBody(app: FastifyInstance): void {
  // 'ignore' leaves the prototype check to this parser, bounded. (The type also allows a
  // promise form, which Fastify's own parser is not.)
  const parse = app.getDefaultJsonParser('ignore', 'ignore') as JsonParse;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const text = typeof raw === 'string' ? raw : raw.toString('utf8');
    parse(request, text, (error, body) => {
      if (error) {
        done(error, undefined);
        return;
      }
      // A body that could not be searched to the end is refused too: no person sends one.
      if (jsonMayPoisonPrototypes(text) && findInValue(body, poisonsPrototypes) !== 'none') {
        done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
        return;
      }
      const nul = jsonHoldsNul(text) ? findInValue(body, holdsNul) : 'none';
      // 'none' after all when a later duplicate key replaced the value that held it.
      if (nul === 'none') done(null, body);
      else done(nulError(nul), undefined);
    });
  });

  // Callback style: an async hook would cost a promise on every request.
  app.addHook('preValidation', (request, _reply, done) => {
    // Query and path parameters are decoded from the URL, where a NUL can only be %00.
    if (!request.url.includes('%00')) {
      done();
      return;
    }
    for (const values of [request.query, request.params]) {
      const found = findInValue(values, holdsNul);
      if (found !== 'none') {
        done(nulError(found));
        return;
      }
    }
    done();
  });
}
