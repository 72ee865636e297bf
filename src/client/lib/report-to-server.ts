import type { ClientLog } from '#shared/schemas/system.ts';

/** Fire-and-forget: tells the server log what only the browser saw. Never throws. */
export function reportToServer(entry: ClientLog): void {
  void fetch('/api/client-log', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(entry),
    keepalive: true,
  }).catch(() => {});
}
