import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const indexHtml = '<!doctype html><html><body><div id="root"></div>test index</body></html>';
const appJs = 'console.log("grounded");';
const themeJs = 'document.documentElement.dataset.theme = "light";';

let clientDir: string;
let t: TestApp;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grounded-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), indexHtml);
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), appJs);
  fs.writeFileSync(path.join(clientDir, 'theme-init.js'), themeJs);
  t = await createTestApp({ config: { clientDir } });
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

function get(url: string) {
  return t.app.inject({ method: 'GET', url });
}

describe('the built client', () => {
  it.each(['/', '/feeling', '/read-bible?book=John&chapter=3', '/journal/'])(
    'serves index.html with 200 for the screen %s',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(indexHtml);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves index.html with 404 for a path that is not a screen, so the SPA shows its 404 page', async () => {
    const response = await get('/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(indexHtml);
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await get('/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.body).toBe(appJs);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('serves files outside assets/ (not hashed) with a cache that revalidates', async () => {
    const response = await get('/theme-init.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(themeJs);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with a plain 404, not the index', async () => {
    const response = await get('/assets/missing.js');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
    expect(response.headers['cache-control'] ?? '').not.toContain('immutable');
  });

  it('answers an unknown API path with 404 JSON, not the index', async () => {
    const response = await get('/api/x');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: expect.any(String) });
  });

  it('does not serve index.html for a POST to a screen path', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/feeling' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });
});
