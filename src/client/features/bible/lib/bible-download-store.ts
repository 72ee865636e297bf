import { useSyncExternalStore } from 'react';
import { BibleDownloadError } from '../../../api/bible.ts';
import { downloadBible, isBibleDownloaded } from './download-bible.ts';

export type BibleDownloadState =
  | { status: 'unsupported' }
  | { status: 'checking' }
  | { status: 'idle' }
  | { status: 'downloading'; saved: number }
  | { status: 'done' }
  | { status: 'failed'; message: string };

// One download per page, kept outside React: it goes on while the reader moves to another
// screen of the app, and the reader shows its progress again when it comes back.
let state: BibleDownloadState =
  typeof window !== 'undefined' && 'caches' in window
    ? { status: 'checking' }
    : { status: 'unsupported' };
let controller: AbortController | null = null;
const listeners = new Set<() => void>();

function setState(next: BibleDownloadState): void {
  state = next;
  for (const listener of listeners) listener();
}

function checkOnce(): void {
  if (state.status !== 'checking') return;
  isBibleDownloaded().then(
    (isDone) => {
      // A download started meanwhile says more than this check.
      if (state.status === 'checking') setState({ status: isDone ? 'done' : 'idle' });
    },
    () => {
      if (state.status === 'checking') setState({ status: 'idle' });
    },
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  checkOnce();
  return () => listeners.delete(listener);
}

/**
 * Where a page is rendered in advance, nothing is known of this device: the section is drawn
 * as while the check runs, and hydration starts from that too.
 */
const renderedState: BibleDownloadState = { status: 'checking' };

export function useBibleDownload(): BibleDownloadState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => renderedState,
  );
}

function failureMessage(error: unknown): string {
  if (error instanceof BibleDownloadError) return error.message;
  if (error instanceof DOMException && error.name === 'QuotaExceededError') {
    return 'There is not enough room on this device to save the whole Bible.';
  }
  return 'The Bible could not be saved on this device. Please try again.';
}

export async function startBibleDownload(): Promise<void> {
  if (state.status === 'downloading' || state.status === 'unsupported') return;
  const current = new AbortController();
  controller = current;
  setState({ status: 'downloading', saved: 0 });
  // Asks the browser not to clear the cache under storage pressure (no prompt in most browsers).
  void navigator.storage?.persist?.().catch(() => false);
  try {
    await downloadBible(current.signal, (saved) => {
      if (!current.signal.aborted) setState({ status: 'downloading', saved });
    });
    setState({ status: 'done' });
  } catch (error) {
    if (current.signal.aborted) {
      // The chapters already stored stay: each is whole, and the reader can use it.
      setState({ status: 'idle' });
    } else {
      setState({ status: 'failed', message: failureMessage(error) });
    }
  } finally {
    if (controller === current) controller = null;
  }
}

export function cancelBibleDownload(): void {
  controller?.abort();
}
