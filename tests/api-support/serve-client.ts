import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

/**
 * Serves a client build made of these files (path → text) from a temp dir for the tests of the
 * enclosing block: started before them, removed after. The function returned sends it a
 * request (a URL alone is a GET); its `testApp()` is the app behind it (database, clock).
 */
export function serveClient(files: Record<string, string>, options: TestAppOptions = {}) {
  let served: { app: TestApp; dir: string } | undefined;
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grounded-client-'));
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    served = {
      app: await createTestApp({ ...options, config: { ...options.config, clientDir: dir } }),
      dir,
    };
  });
  afterAll(async () => {
    await served?.app.close();
    if (served) fs.rmSync(served.dir, { recursive: true, force: true });
  });
  const testApp = (): TestApp => {
    if (!served) throw new Error('The client is served only inside its tests');
    return served.app;
  };
  const send = (request: string | InjectOptions) =>
    testApp().app.inject(typeof request === 'string' ? { method: 'GET', url: request } : request);
  return Object.assign(send, { testApp });
}
