// Whatever `npm run bench` or `npm run test:reliability` starts (nginx, servers, PostgreSQL,
// temp dirs) registers how to undo it here. The normal path undoes things in order as it goes;
// the 'exit' hook is the safety net for a failure or Ctrl-C, so an undo step must be
// synchronous (signals, spawnSync, rmSync), no awaiting.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

type Undo = () => void;

const pending = new Set<Undo>();

/** Registers an undo step; call the returned function to run it now (once) and forget it. */
export function onCleanup(undo: Undo): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
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

/** A fresh temp dir `grounded-<prefix>-…`, removed at the end whatever happens; `remove` removes it earlier. */
export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `grounded-${prefix}-`));
  const remove = onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  return { dir, remove };
}
