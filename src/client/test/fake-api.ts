// A fake server for component tests: answers fetch() by method and path, records every request.
import { afterEach, vi } from 'vitest';

export type FakeRequest = { method: string; path: string; body: unknown };
type Answer = { status?: number; body?: unknown } | ((request: FakeRequest) => FakeAnswer);
type FakeAnswer =
  { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;

/**
 * Starts answering fetch. Routes are 'GET /api/bookmarks' (the path without the query string,
 * or with it to match exactly); an answer is { status, body } or a function of the request.
 * Anything else is a 404 { error: 'NOT_FOUND' }, so a forgotten route shows up in the test.
 */
export function fakeApi(routes: Record<string, Answer>): { requests: FakeRequest[] } {
  const requests: FakeRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://localhost',
      );
      const method = (init?.method ?? 'GET').toUpperCase();
      const text = typeof init?.body === 'string' ? init.body : undefined;
      const request: FakeRequest = {
        method,
        path: `${url.pathname}${url.search}`,
        body: text === undefined ? undefined : (JSON.parse(text) as unknown),
      };
      requests.push(request);
      const route =
        routes[`${method} ${url.pathname}${url.search}`] ?? routes[`${method} ${url.pathname}`];
      const answer = await (typeof route === 'function'
        ? route(request)
        : (route ?? { status: 404, body: { error: 'NOT_FOUND', message: 'Not found.' } }));
      const status = answer.status ?? 200;
      return new Response(
        status === 204 || answer.body === undefined ? null : JSON.stringify(answer.body),
        { status, headers: { 'content-type': 'application/json' } },
      );
    }),
  );
  return { requests };
}

afterEach(() => {
  vi.unstubAllGlobals();
});
