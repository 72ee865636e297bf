// The bench's undo steps and temp dirs: the registry shared with the reliability run.
import { tempDir as sharedTempDir } from '#scripts/lib/cleanup.ts';

export { onCleanup } from '#scripts/lib/cleanup.ts';

/** A fresh temp dir `grounded-bench-<prefix>-…`, removed at the end; `remove` removes it earlier. */
export function tempDir(prefix: string): { dir: string; remove: () => void } {
  return sharedTempDir(`bench-${prefix}`);
}
