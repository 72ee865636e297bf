// Cache Storage for unit tests (Node has none): what the offline downloads write and read,
// addresses resolved against the page's origin as the browser does.

const origin = 'http://localhost';

function keyOf(request: RequestInfo | URL): string {
  const url = typeof request === 'string' || request instanceof URL ? request : request.url;
  return new URL(url, origin).href;
}

export class FakeCache {
  readonly entries = new Map<string, { body: ArrayBuffer; headers: Headers }>();

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    const body = await response.arrayBuffer();
    this.entries.set(keyOf(request), { body, headers: new Headers(response.headers) });
  }

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    const entry = this.entries.get(keyOf(request));
    return entry ? new Response(entry.body.slice(0), { headers: entry.headers }) : undefined;
  }

  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(keyOf(request));
  }

  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }

  /** A stored body as text, by its address ('/api/study/John/3?v=…'). */
  async text(url: string): Promise<string | undefined> {
    return (await this.match(url))?.text();
  }
}

export class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>();

  async open(name: string): Promise<FakeCache> {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new FakeCache();
      this.caches.set(name, cache);
    }
    return cache;
  }

  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }

  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }
}
