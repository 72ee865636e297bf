import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist/client/index.html');
const sources = [
  'src/client',
  'src/shared',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/prerender-plugin.ts',
  'package-lock.json',
];

function newestChange(entry: string): number {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) {
    newest = Math.max(newest, newestChange(path.join(entry, child)));
  }
  return newest;
}

/** A production build of the client into outDir (dist/client unless told otherwise). */
export function buildClient(outDir?: string): void {
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const args = [vite, 'build', '--logLevel', 'warn', ...(outDir ? ['--outDir', outDir] : [])];
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    // Always a production build: called from Vitest (NODE_ENV=test) it would otherwise bundle
    // React's development runtime, and `npm start` would go on serving that build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`The client build failed (exit ${result.status})`);
}

/** Builds the client with Vite when dist/client is missing or older than any of its sources. */
export function ensureClientBuild(): void {
  const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
  const changedAt = Math.max(...sources.map(newestChange));
  if (builtAt >= changedAt) return;
  console.log(builtAt === 0 ? 'Building the client…' : 'Sources changed; rebuilding the client…');
  buildClient();
}
