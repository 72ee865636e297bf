import { useSyncExternalStore } from 'react';
import { BibleDownloadError } from '#client/api/bible.ts';
import { translationIds, type TranslationId } from '#shared/bible/translations.ts';

export type BibleDownloadState =
  | { status: 'unsupported' }
  | { status: 'checking' }
  | { status: 'idle' }
  | { status: 'downloading'; saved: number }
  | { status: 'done' }
  | { status: 'failed'; message: string };

// One download at a time per page, of one translation (decision 015), kept outside React: it goes
// on while the reader moves to another screen of the app, and the reader shows its progress
// again when it comes back. Each translation has its own state.
const isSupported = typeof window !== 'undefined' && 'caches' in window;
let states: ReadonlyMap<TranslationId, BibleDownloadState> = new Map(
  translationIds.map((id) => [
    id,
    isSupported ? { status: 'checking' } : { status: 'unsupported' },
  ]),
);
let controller: AbortController | null = null;
let downloading: TranslationId | null = null;
const listeners = new Set<() => void>();

function stateOf(translation: TranslationId): BibleDownloadState {
  return states.get(translation) ?? { status: 'unsupported' };
}

function setState(translation: TranslationId, next: BibleDownloadState): void {
  const copy = new Map(states);
  copy.set(translation, next);
  states = copy;
  for (const listener of listeners) listener();
}

/**
 * The download's code (the chapters' walk and their storage): a chunk of its own, fetched when
 * the reader first asks what is saved, so that it is not part of the reader's first load.
 */
const downloads = () => import('./download-bible.ts');

function checkOnce(): void {
  for (const translation of translationIds) {
    if (stateOf(translation).status !== 'checking') continue;
    downloads()
      .then((code) => code.isBibleDownloaded(translation))
      .then(
        (isDone) => {
          // A download started meanwhile says more than this check.
          if (stateOf(translation).status === 'checking') {
            setState(translation, { status: isDone ? 'done' : 'idle' });
          }
        },
        () => {
          if (stateOf(translation).status === 'checking') setState(translation, { status: 'idle' });
        },
      );
  }
}

let hasChecked = false;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!hasChecked) {
    hasChecked = true;
    checkOnce();
  }
  return () => listeners.delete(listener);
}

/**
 * Where a page is rendered in advance, nothing is known of this device: the section is drawn
 * as while the check runs, and hydration starts from that too.
 */
const renderedState: BibleDownloadState = { status: 'checking' };

export function useBibleDownload(translation: TranslationId): BibleDownloadState {
  return useSyncExternalStore(
    subscribe,
    () => stateOf(translation),
    () => renderedState,
  );
}

/** The translation being downloaded now, if any. */
export function useDownloadingTranslation(): TranslationId | null {
  return useSyncExternalStore(
    subscribe,
    () => downloading,
    () => null,
  );
}

/** The translations kept whole on this device. */
export function useDownloadedTranslations(): TranslationId[] {
  const all = useSyncExternalStore(
    subscribe,
    () => states,
    () => null,
  );
  return all ? translationIds.filter((id) => all.get(id)?.status === 'done') : [];
}

function failureMessage(error: unknown): string {
  if (error instanceof BibleDownloadError) return error.message;
  if (error instanceof DOMException && error.name === 'QuotaExceededError') {
    return 'There is not enough room on this device to save the whole Bible.';
  }
  return 'The Bible could not be saved on this device. Please try again.';
}

export async function startBibleDownload(translation: TranslationId): Promise<void> {
  if (downloading !== null || stateOf(translation).status === 'unsupported') return;
  const current = new AbortController();
  controller = current;
  downloading = translation;
  setState(translation, { status: 'downloading', saved: 0 });
  // Asks the browser not to clear the cache under storage pressure (no prompt in most browsers).
  void navigator.storage?.persist?.().catch(() => false);
  try {
    const { downloadBible } = await downloads();
    await downloadBible(translation, current.signal, (saved) => {
      if (!current.signal.aborted) setState(translation, { status: 'downloading', saved });
    });
    downloading = null;
    setState(translation, { status: 'done' });
  } catch (error) {
    downloading = null;
    if (current.signal.aborted) {
      // The chapters already stored stay: each is whole, and the reader can use it.
      setState(translation, { status: 'idle' });
    } else {
      setState(translation, { status: 'failed', message: failureMessage(error) });
    }
  } finally {
    if (controller === current) controller = null;
  }
}

export function cancelBibleDownload(): void {
  controller?.abort();
}
