import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { e2eServer } from './support/server.ts';

// Source maps carry the client's whole source, and nothing of ours reads them (client error
// reports send a message, never a stack): the build makes none, and the server would not send
// one anyway (src/server/delivery/static-client.ts). This checks the real build the suite runs against.
// support/global-setup.ts builds it once for every server it starts.
const clientDir = (): string => e2eServer().clientDir;

/** Every file of the build, as paths relative to its root. */
function builtFiles(): string[] {
  return fs
    .readdirSync(clientDir(), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(clientDir(), path.join(entry.parentPath, entry.name)));
}

describe('source maps', () => {
  it('are not built', () => {
    const files = builtFiles();
    expect(files).toContain('index.html');
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
  });

  it('are not pointed to by any built script or style sheet', () => {
    const pointing = builtFiles()
      .filter((file) => /\.(js|mjs|css)$/.test(file))
      .filter((file) =>
        fs.readFileSync(path.join(clientDir(), file), 'utf8').includes('sourceMappingURL'),
      );
    expect(pointing).toEqual([]);
  });

  it('are not in the service worker’s precache list', () => {
    const worker = fs.readFileSync(path.join(clientDir(), 'sw.js'), 'utf8');
    // The list is inlined as JSON: [{"revision":…,"url":"assets/…"}, …].
    const urls = [...worker.matchAll(/"url":\s*"([^"]+)"/g)].map((match) => match[1]);
    expect(urls).toContain('index.html');
    expect(urls.some((url) => /^assets\/.+\.js$/.test(url ?? ''))).toBe(true);
    expect(urls.filter((url) => url?.endsWith('.map'))).toEqual([]);
  });

  it('are never served, whatever file they would belong to', async () => {
    const script = builtFiles().find((file) => /^assets\/.+\.js$/.test(file));
    expect(script).toBeDefined();
    for (const url of [`/${script}.map`, '/sw.js.map', '/assets/missing.js.map']) {
      const response = await fetch(new URL(url, e2eServer().baseURL));
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).not.toContain('"sources"');
    }
  });
});
