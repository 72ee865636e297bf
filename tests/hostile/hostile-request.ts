import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '#server/db/types.ts';
import { isErrorCode } from '#shared/errors.ts';
import {
  bodyChoice,
  contentType,
  cookieChoice,
  extraHeaders,
  originChoice,
  paramChoice,
  queryChoice,
  uploadBodyChoice,
  uploadContentType,
  uploadPicture,
  type BodyChoice,
  type CookieChoice,
  type OriginChoice,
  type ParamChoice,
  type QueryChoice,
} from './arbitraries.ts';
import { jsonText, percentEncode, textOf, toHostileJson } from './hostile-values.ts';
import type { HostileWorld } from './hostile-world.ts';
import type { HostileRoute } from './route-catalogue.ts';

/** One generated request, small enough to read in a failure report. */
export type HostileRequest = {
  method: string;
  params: Record<string, ParamChoice>;
  query: QueryChoice;
  body: BodyChoice;
  contentType: string | undefined;
  cookie: CookieChoice;
  origin: OriginChoice;
  headers: [string, string][];
};

const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function hostileRequest(
  route: HostileRoute,
  identity: 'visitor' | 'member',
): fc.Arbitrary<HostileRequest> {
  const paramNames = Object.keys(route.params ?? {});
  return fc.record({
    // HEAD runs the GET handler and drops the body.
    method:
      route.method === 'GET' ? fc.constantFrom('GET', 'GET', 'HEAD') : fc.constant(route.method),
    params: fc.record(Object.fromEntries(paramNames.map((name) => [name, paramChoice]))),
    query: queryChoice(route.query),
    // A GET's body is ignored by the server; it is still sent, as a client might.
    body: route.isUpload
      ? uploadBodyChoice
      : bodyMethods.has(route.method)
        ? bodyChoice(route.body)
        : fc.oneof(
            { weight: 4, arbitrary: fc.constant<BodyChoice>({ kind: 'none' }) },
            { weight: 1, arbitrary: bodyChoice(route.body) },
          ),
    contentType: route.isUpload ? uploadContentType : contentType,
    cookie: cookieChoice(identity === 'member'),
    origin: originChoice,
    headers: extraHeaders,
  });
}

/** The route's valid example, as the user's own page would send it. */
export function validRequest(route: HostileRoute): HostileRequest {
  const paramNames = Object.keys(route.params ?? {});
  return {
    method: route.method,
    params: Object.fromEntries(paramNames.map((name) => [name, { kind: 'valid' } as const])),
    query: route.query ? { kind: 'pairs', pairs: Object.entries(route.query) } : { kind: 'none' },
    body: route.isUpload
      ? { kind: 'bytes', bytes: uploadPicture }
      : route.body
        ? { kind: 'json', value: toHostileJson(route.body) }
        : { kind: 'none' },
    contentType: route.isUpload ? 'image/png' : 'application/json',
    cookie: { kind: 'session' },
    origin: { kind: 'own' },
    headers: [],
  };
}

/**
 * The route's valid request once for each of its text inputs (a body field or the first item of
 * a list of texts, a query value, a path parameter), with that one input set to value.
 */
export function withTextInput(route: HostileRoute, value: string): HostileRequest[] {
  const valid = validRequest(route);
  const requests: HostileRequest[] = [];
  for (const [key, example] of Object.entries(route.body ?? {})) {
    const isTextList = Array.isArray(example) && typeof example[0] === 'string';
    if (typeof example !== 'string' && !isTextList) continue;
    const changed = isTextList ? [value, ...example.slice(1)] : value;
    const body = toHostileJson({ ...route.body, [key]: changed });
    requests.push({ ...valid, body: { kind: 'json', value: body } });
  }
  for (const key of Object.keys(route.query ?? {})) {
    const pairs = Object.entries({ ...route.query, [key]: value });
    requests.push({ ...valid, query: { kind: 'pairs', pairs } });
  }
  for (const name of Object.keys(route.params ?? {})) {
    const params = { ...valid.params, [name]: { kind: 'value', value, encode: true } as const };
    requests.push({ ...valid, params });
  }
  return requests;
}

/** The tables whose rows the route's path parameters name. */
export function paramTables(route: HostileRoute): (keyof Database)[] {
  return Object.values(route.params ?? {}).flatMap((param) =>
    'table' in param ? [param.table] : [],
  );
}

let remoteCounter = 0;

/**
 * A different client address for every request: the per-address rate limits (client-log, sign-in)
 * would otherwise answer 429 before the route itself ever sees the input.
 */
function nextRemoteAddress(): string {
  remoteCounter += 1;
  return `10.${(remoteCounter >> 16) & 255}.${(remoteCounter >> 8) & 255}.${remoteCounter & 255}`;
}

function paramValue(world: HostileWorld, route: HostileRoute, name: string, choice: ParamChoice) {
  const example = route.params?.[name];
  if (choice.kind === 'value') {
    const text = textOf(choice.value);
    return choice.encode ? percentEncode(text) : text;
  }
  if (!example) return 'x';
  if ('value' in example) return percentEncode(example.value);
  const owner = choice.kind === 'neighbour' ? world.neighbour : world.account;
  if ('ownPath' in example) return `${owner.user.id}/${example.ownPath}`;
  return world.rowIdOf(example.table, owner.user.id) ?? '00000000-0000-4000-8000-000000000000';
}

function queryString(choice: QueryChoice): string {
  if (choice.kind === 'none') return '';
  if (choice.kind === 'raw') return `?${choice.text}`;
  const pairs = choice.pairs.map(
    ([key, value]) => `${percentEncode(key)}=${percentEncode(textOf(value))}`,
  );
  return `?${pairs.join('&')}`;
}

function cookieHeader(world: HostileWorld, choice: CookieChoice): string | undefined {
  if (choice.kind === 'none') return undefined;
  if (choice.kind === 'session') return world.account.cookie;
  const value = textOf(choice.value);
  return choice.withSession ? `${world.account.cookie}; ${value}` : value;
}

function originHeaders(world: HostileWorld, choice: OriginChoice): Record<string, string> {
  if (choice.kind === 'own') return { origin: world.t.config.publicUrl };
  if (choice.kind === 'none') return {};
  return { [choice.name]: choice.value };
}

/** The request as app.inject() takes it. */
export function injectOptions(
  world: HostileWorld,
  route: HostileRoute,
  request: HostileRequest,
): InjectOptions {
  // ':name' parameters, and the storage routes' wildcard '*' (a file path).
  const path = route.url.replace(/:(\w+)|\*$/g, (_, named?: string) => {
    const name = named ?? '*';
    return paramValue(world, route, name, request.params[name] ?? { kind: 'valid' });
  });
  const headers: Record<string, string> = {
    ...Object.fromEntries(request.headers),
    ...originHeaders(world, request.origin),
  };
  const cookie = cookieHeader(world, request.cookie);
  if (cookie !== undefined) headers.cookie = cookie;
  if (request.body.kind !== 'none' && request.contentType !== undefined) {
    headers['content-type'] = request.contentType;
  }
  const payload =
    request.body.kind === 'json'
      ? jsonText(request.body.value)
      : request.body.kind === 'text'
        ? textOf(request.body.text)
        : request.body.kind === 'bytes'
          ? request.body.bytes
          : undefined;
  return {
    method: request.method as InjectOptions['method'],
    url: `${path}${queryString(request.query)}`,
    headers,
    remoteAddress: nextRemoteAddress(),
    ...(payload === undefined ? {} : { payload }),
  };
}

/** Is the request refused by our cross-site check (a foreign Origin, Referer or Sec-Fetch-Site)? */
export function isCrossSite(request: HostileRequest): boolean {
  if (request.origin.kind !== 'header' || request.method === 'GET' || request.method === 'HEAD') {
    return false;
  }
  return request.origin.name === 'sec-fetch-site'
    ? request.origin.value !== 'same-origin' && request.origin.value !== 'none'
    : true;
}

/** A refusal is a 4xx whose body is exactly { error, message }, both strings. */
export function expectClientError(response: LightMyRequestResponse, method: string): void {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  if (method === 'HEAD') return;
  const body = response.json<Record<string, unknown>>();
  expect(Object.keys(body).sort()).toEqual(['error', 'message']);
  expect(isErrorCode(body.error), `unknown error code ${String(body.error)}`).toBe(true);
  expect(body.message).toEqual(expect.any(String));
  expect(String(body.message).length).toBeGreaterThan(0);
}
