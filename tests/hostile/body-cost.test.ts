import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileLimits } from '#shared/rules/files.ts';
import { browserRequest, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { createTestApp, type TestApp } from '#tests/api-support/test-app.ts';

/**
 * What one request may cost the event loop. Everything the server does with a body before and
 * while answering runs on the one main thread, so a body that costs seconds holds every other
 * request for seconds. Whatever its shape, a body up to the size limit must cost at most a few
 * times what JSON.parse of the same text costs (the least any JSON API must spend on it), plus
 * a few times what a tiny request to the same route costs. Both sides are measured here, in turn,
 * in the same process, and each is the fastest of several runs: a ratio, never a wall-clock
 * time, so a slow or busy machine slows both alike.
 */
const factor = 5;
const runs = 6;

let t: TestApp;
let account: SignedIn;
let jsonLimit: number;

beforeAll(async () => {
  t = await createTestApp();
  account = await signUp(t);
  jsonLimit = t.app.initialConfig.bodyLimit ?? 1024 * 1024;
});
afterAll(async () => {
  await t?.close();
});

/** `head`, then `unit` as many times as the limit allows, then `tail`. */
function fill(limit: number, head: string, unit: string, tail: string): string {
  const count = Math.floor((limit - Buffer.byteLength(head + tail)) / Buffer.byteLength(unit));
  return head + unit.repeat(count) + tail;
}

/** `open` n times, then `middle`, then `close` n times, as deep as the limit allows. */
function nest(limit: number, open: string, middle: string, close: string): string {
  const depth = Math.floor((limit - middle.length) / (open.length + close.length));
  return open.repeat(depth) + middle + close.repeat(depth);
}

type Shape = { name: string; text: (limit: number) => string };

/** Bodies of every shape JSON allows, each as close to `limit` bytes as it goes. */
const shapes: Shape[] = [
  { name: 'a flat array of zeros', text: (limit) => fill(limit, '[', '0,', '0]') },
  {
    name: 'the sign-in fields, the e-mail an array of zeros',
    text: (limit) => fill(limit, '{"email":[', '0,', '0],"password":"x"}'),
  },
  {
    name: 'a list field of half a million wrong values',
    text: (limit) => fill(limit, '{"content":"x","display_name":"x","emotion_tags":[', '0,', '0]}'),
  },
  { name: 'arrays nested as deep as the body allows', text: (limit) => nest(limit, '[', '', ']') },
  {
    name: 'objects nested as deep as the body allows',
    text: (limit) => nest(limit, '{"a":', '0', '}'),
  },
  { name: 'an object of 96,000 keys', text: (limit) => objectOfKeys(limit, '') },
  { name: 'one long string', text: (limit) => fill(limit, '{"content":"', 'a', '"}') },
  { name: 'many short strings', text: (limit) => fill(limit, '[', '"a",', '"a"]') },
  { name: 'many empty objects', text: (limit) => fill(limit, '[', '{},', '{}]') },
  { name: 'many long numbers', text: (limit) => fill(limit, '[', '-1234567.890123e-45,', '0]') },
  {
    name: 'a string full of escapes',
    text: (limit) => fill(limit, '{"content":"', '\\n\\"\\\\\\u00e9\\ud83d\\ude4f\\/', '"}'),
  },
  {
    name: 'escaped backslashes before u0000 (no NUL)',
    text: (limit) => fill(limit, '{"content":"', '\\\\u0000', '"}'),
  },
  {
    name: 'a NUL at the very end',
    text: (limit) => fill(limit, '{"content":"', 'a', '\\u0000"}'),
  },
  { name: 'a NUL in the last of 96,000 keys', text: (limit) => objectOfKeys(limit, '\\u0000') },
  {
    name: 'a NUL deep in nested arrays',
    text: (limit) => nest(limit, '[', '"\\u0000"', ']'),
  },
  {
    name: '__proto__ after a hundred thousand objects',
    text: (limit) => fill(limit, '[', '{"a":[]},', '{"__proto__":{}}]'),
  },
  {
    name: 'constructor.prototype after a hundred thousand objects',
    text: (limit) => fill(limit, '[', '{"a":[]},', '{"constructor":{"prototype":{}}}]'),
  },
  { name: 'an array that never closes (not JSON)', text: (limit) => fill(limit, '[', '0,', '0') },
];

function objectOfKeys(limit: number, lastKeySuffix: string): string {
  const keys: string[] = [];
  let length = 2;
  for (let index = 0; ; index += 1) {
    const entry = `"k${index}":0`;
    if (length + entry.length + 1 + lastKeySuffix.length > limit) break;
    keys.push(entry);
    length += entry.length + 1;
  }
  keys[keys.length - 1] = `"k${keys.length - 1}${lastKeySuffix}":0`;
  return `{${keys.join(',')}}`;
}

function timed(run: () => unknown): number {
  const started = performance.now();
  try {
    run();
  } catch {
    // Text that is not JSON still costs its parse.
  }
  return performance.now() - started;
}

async function timedRequest(send: () => Promise<LightMyRequestResponse>) {
  const started = performance.now();
  const response = await send();
  return { ms: performance.now() - started, response };
}

type Cost = { requestMs: number; parseMs: number; tinyMs: number; status: number };

/**
 * The fastest of `runs` of the request, of JSON.parse of `parseText`, and of the same route with
 * a tiny body, measured in turn. Stops early once the request is within the bound.
 */
async function measure(
  send: () => Promise<LightMyRequestResponse>,
  sendTiny: () => Promise<LightMyRequestResponse>,
  parseText: string,
): Promise<Cost> {
  const cost: Cost = { requestMs: Infinity, parseMs: Infinity, tinyMs: Infinity, status: 0 };
  for (let run = 0; run < runs; run += 1) {
    cost.tinyMs = Math.min(cost.tinyMs, (await timedRequest(sendTiny)).ms);
    cost.parseMs = Math.min(
      cost.parseMs,
      timed(() => JSON.parse(parseText)),
    );
    const { ms, response } = await timedRequest(send);
    cost.requestMs = Math.min(cost.requestMs, ms);
    cost.status = response.statusCode;
    expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(500);
    if (cost.requestMs <= bound(cost)) break;
  }
  return cost;
}

function bound({ parseMs, tinyMs }: Cost): number {
  return factor * (parseMs + tinyMs);
}

function expectCheap(cost: Cost): void {
  const summary =
    `request ${cost.requestMs.toFixed(1)} ms (${cost.status}), JSON.parse ` +
    `${cost.parseMs.toFixed(1)} ms, tiny request ${cost.tinyMs.toFixed(1)} ms`;
  expect(cost.requestMs, summary).toBeLessThanOrEqual(bound(cost));
}

type JsonRoute = { name: string; method: 'POST' | 'PATCH'; url: string; signedIn: boolean };

const jsonRoutes: JsonRoute[] = [
  { name: 'sign-in, no account', method: 'POST', url: '/api/auth/signin', signedIn: false },
  { name: 'a signed-in write', method: 'POST', url: '/api/journal', signedIn: true },
  { name: 'a signed-in change', method: 'PATCH', url: '/api/profile', signedIn: true },
];

describe(`a JSON body of any shape, up to the body limit, costs at most ${factor}× its JSON.parse`, () => {
  const cases = jsonRoutes.flatMap((route) => shapes.map((shape) => ({ route, shape })));
  it.each(cases)('$route.name ($route.url): $shape.name', async ({ route, shape }) => {
    const text = shape.text(jsonLimit);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(jsonLimit);
    const send = (payload: string) => () =>
      browserRequest(t, {
        method: route.method,
        url: route.url,
        ...(route.signedIn ? { cookie: account.cookie } : {}),
        headers: { 'content-type': 'application/json' },
        payload,
      });
    const cost = await measure(send(text), send('{}'), text);
    expect(cost.status).toBeGreaterThanOrEqual(400);
    expectCheap(cost);
  });
});

describe(`a ${fileLimits.maxUploadBytes / 2 ** 20} MB upload costs at most ${factor}× a JSON.parse of its bytes`, () => {
  const size = fileLimits.maxUploadBytes;
  it.each([
    { name: 'zero bytes', bytes: () => Buffer.alloc(size) },
    { name: 'random bytes', bytes: () => randomBytes(size) },
  ])('PUT /api/profile/picture, $name', async ({ bytes }) => {
    const body = bytes();
    const send = (payload: Buffer) => () =>
      browserRequest(t, {
        method: 'PUT',
        url: '/api/profile/picture',
        cookie: account.cookie,
        headers: { 'content-type': 'application/octet-stream' },
        payload,
      });
    // The same bytes as a JSON API would take them: base64 in a string.
    const cost = await measure(
      send(body),
      send(Buffer.alloc(8)),
      JSON.stringify(body.toString('base64')),
    );
    expect(cost.status).toBe(415);
    expectCheap(cost);
  });
});
