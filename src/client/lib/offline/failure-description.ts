import { ApiError } from '#client/lib/api-client.ts';

/**
 * The description of a failure toast: the spec's fixed text, unless the change was never sent
 * because the device is offline, when 'You are offline…' tells the person what happened and
 * that what they typed is still there to send again.
 */
export function failureDescription(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code === 'OFFLINE' ? error.message : fallback;
}
