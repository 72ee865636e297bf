// Whatever the reliability run starts (servers, a PostgreSQL cluster, temp dirs) registers how
// to undo it here. Scenarios undo things in order as they go; the 'exit' hook is the safety net
// for a failure or Ctrl-C, so an undo step must be synchronous (signals, spawnSync, rmSync).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type Undo = () => void;

const pending = new Set<Undo>();

/** Registers an undo step; call the returned function to run it now (once) and forget it. */
export function onCleanup(undo: Undo): () => void {
  let isDone = false;
  const run = () => {
    if (isDone) return;
    isDone = true;
    pending.delete(run);
    undo();
  };
  pending.add(run);
  return run;
}

function runAll(): void {
  // Newest first: a server goes before the temp dir that holds its database.
  for (const undo of [...pending].reverse()) {
    try {
      undo();
    } catch (error) {
      console.error('cleanup step failed:', error);
    }
  }
}

process.on('exit', runAll);
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

/** A fresh temp dir, removed at the end whatever happens. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `grounded-rel-${prefix}-`));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
