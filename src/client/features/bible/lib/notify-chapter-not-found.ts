import { notify } from '#client/lib/notify.ts';

/** product §5: the answer to a reference that names no chapter of the Bible. */
export function notifyChapterNotFound(reference: string): void {
  notify.error('Chapter not found', `Could not navigate to ${reference}`);
}
