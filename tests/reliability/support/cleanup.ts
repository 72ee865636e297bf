// The reliability run's undo steps and temp dirs: the registry shared with the bench.
import { tempDir as sharedTempDir } from '#scripts/lib/cleanup.ts';

export { onCleanup } from '#scripts/lib/cleanup.ts';

/** A fresh temp dir `grounded-rel-<prefix>-…`, removed at the end whatever happens. */
export function tempDir(prefix: string): string {
  return sharedTempDir(`rel-${prefix}`).dir;
}
