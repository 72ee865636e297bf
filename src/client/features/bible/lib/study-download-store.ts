import { useSyncExternalStore } from 'react';
import { StudyDownloadError } from '#client/api/study-download.ts';
import type { BibleDownloadState } from './bible-download-store.ts';
import { downloadStudy, isStudyDownloaded } from './download-study.ts';

// The study notes' download (decision 023, "Offline"), one for every translation, kept outside
// React as the Bible's is: it goes on while the reader moves to another screen of the app.
const isSupported = typeof window !== 'undefined' && 'caches' in window;
let state: BibleDownloadState = isSupported ? { status: 'checking' } : { status: 'unsupported' };
let controller: AbortController | null = null;
const listeners = new Set<() => void>();

function setState(next: BibleDownloadState): void {
  state = next;
  for (const listener of listeners) listener();
}

let hasChecked = false;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!hasChecked) {
    hasChecked = true;
    isStudyDownloaded().then(
      (isDone) => {
        // A download started meanwhile says more than this check.
        if (state.status === 'checking') setState({ status: isDone ? 'done' : 'idle' });
      },
      () => {
        if (state.status === 'checking') setState({ status: 'idle' });
      },
    );
  }
  return () => listeners.delete(listener);
}

/** Where a page is rendered in advance, nothing is known of this device: drawn as while checking. */
const renderedState: BibleDownloadState = { status: 'checking' };

export function useStudyDownload(): BibleDownloadState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => renderedState,
  );
}

function failureMessage(error: unknown): string {
  if (error instanceof StudyDownloadError) return error.message;
  if (error instanceof DOMException && error.name === 'QuotaExceededError') {
    return 'There is not enough room on this device to save the study notes.';
  }
  return 'The study notes could not be saved on this device. Please try again.';
}

export async function startStudyDownload(): Promise<void> {
  if (controller !== null || state.status === 'unsupported') return;
  const current = new AbortController();
  controller = current;
  setState({ status: 'downloading', saved: 0 });
  // Asks the browser not to clear the cache under storage pressure (no prompt in most browsers).
  void navigator.storage?.persist?.().catch(() => false);
  try {
    await downloadStudy(current.signal, (saved) => {
      if (!current.signal.aborted) setState({ status: 'downloading', saved });
    });
    setState({ status: 'done' });
  } catch (error) {
    // Cancelled, the chapters already stored stay: each is whole, and the reader can use it.
    setState(
      current.signal.aborted
        ? { status: 'idle' }
        : { status: 'failed', message: failureMessage(error) },
    );
  } finally {
    controller = null;
  }
}

export function cancelStudyDownload(): void {
  controller?.abort();
}
