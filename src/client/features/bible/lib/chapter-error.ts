import { ApiError } from '#client/lib/api-client.ts';

export const offlineChapterMessage =
  'You are offline, and this chapter is not saved on this device yet. Chapters you have read, or all of them once you download the Bible for offline use, open without a connection.';

/** product §8 'Loading Error': the description depends on why the chapter did not load. */
export function chapterErrorDescription(error: unknown): string {
  if (error instanceof ApiError && error.code === 'OFFLINE') return offlineChapterMessage;
  if (error instanceof ApiError && error.code === 'NETWORK') {
    return 'Network error. Please check your internet connection.';
  }
  const message = error instanceof Error ? error.message : String(error);
  if (/time[sd]?\s?out/i.test(message)) {
    return 'Chapter loading timed out. Please check your connection and try again.';
  }
  if (/failed to fetch/i.test(message)) {
    return 'Network error. Please check your internet connection.';
  }
  return 'Failed to load chapter content.';
}
