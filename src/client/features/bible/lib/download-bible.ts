import type { DehydratedState } from '@tanstack/react-query';
import { BibleDownloadError, chapterPath, requestBibleDownload } from '#client/api/bible.ts';
import {
  bibleChapterCache,
  bibleChapterCount,
  bibleCompleteMarker,
} from '#client/lib/offline/cache-names.ts';
import { canonicalChapters, chapterFromVerses } from '#shared/bible/chapter.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import type { ChapterResponse } from '#shared/schemas/bible.ts';
import { readLines } from './read-lines.ts';

/** The marker of one translation's download: the KJV's as before, '?translation=web' for others. */
function bibleCompleteMarkerOf(translation: string): string {
  return translation === 'kjv'
    ? bibleCompleteMarker
    : `${bibleCompleteMarker}?translation=${translation}`;
}

/** Cache writes in flight at once: enough to keep up with the network, few enough for memory. */
const maxWritesInFlight = 24;

const chapterHeaders = { 'content-type': 'application/json; charset=utf-8' };

/**
 * Saves every chapter of a translation on this device (decision 015: each of the three).
 * GET /api/bible/download/verses?translation= sends the whole Bible in one compressed response
 * (the KJV about 1.0 MB with brotli, 1.2 MB with gzip; each at most 1.5 MB), one chapter's
 * raw verses per line, in canonical order. Each line becomes the exact body of
 * GET /api/bible/{book}/{chapter} (built by the same shared code the server answers with) and
 * is stored in Cache Storage under that URL, where the service worker's chapter route (sw.ts)
 * answers the reader from. One request instead of 1,189 is faster and lighter on the server,
 * and the lines let the progress count chapters while the body streams in. `onProgress` gets
 * the number of chapters stored so far.
 */
export async function downloadBible(
  translation: TranslationId,
  signal: AbortSignal,
  onProgress: (saved: number) => void,
): Promise<void> {
  const cache = await caches.open(bibleChapterCache);
  const marker = bibleCompleteMarkerOf(translation);
  // Until the last chapter is in, nothing may claim the copy is whole.
  await cache.delete(marker);

  const body = await requestBibleDownload(translation, signal);

  const positions = canonicalChapters();
  let received = 0;
  let saved = 0;
  const writes = new Set<Promise<void>>();
  for await (const line of readLines(body)) {
    const position = positions[received];
    received += 1;
    if (!position)
      throw new BibleDownloadError('The download was not the Bible. Please try again.');
    const verses = JSON.parse(line) as string[];
    const chapter = chapterFromVerses(position.bookIndex, position.chapter, verses, translation);
    const write = cache
      .put(
        chapterPath(chapter.book, chapter.chapter, translation),
        new Response(JSON.stringify(chapter), { headers: chapterHeaders }),
      )
      .then(() => {
        saved += 1;
        onProgress(saved);
      });
    const settle = () => writes.delete(write);
    void write.then(settle, settle);
    writes.add(write);
    // A failed write (the device is full, say) stops the download here.
    if (writes.size >= maxWritesInFlight) await Promise.race(writes);
  }
  await Promise.all(writes);
  if (saved !== bibleChapterCount) {
    throw new BibleDownloadError('The download was cut short. Please try again.');
  }
  await cache.put(
    marker,
    new Response(JSON.stringify({ chapters: saved, saved_at: new Date().toISOString() }), {
      headers: chapterHeaders,
    }),
  );
}

/** Whether a translation's download finished on this device (and its cache is still there). */
export async function isBibleDownloaded(translation: TranslationId): Promise<boolean> {
  const cache = await caches.open(bibleChapterCache);
  return (await cache.match(bibleCompleteMarkerOf(translation))) !== undefined;
}

/**
 * Chapters the server handed over with a page (it drew the reader's chapter, so the app never
 * fetched it) are stored where the service worker would have stored the fetched chapter: a
 * chapter read once opens offline either way.
 */
export function keepChaptersOffline(state: DehydratedState): void {
  if (!('caches' in window)) return;
  const chapters = state.queries
    .filter(
      ({ queryKey, state }) => queryKey[0] === 'bible' && queryKey[1] === 'chapter' && state.data,
    )
    .map(({ state }) => state.data as ChapterResponse);
  if (chapters.length === 0) return;
  void (async () => {
    const cache = await caches.open(bibleChapterCache);
    for (const chapter of chapters) {
      const url = chapterPath(chapter.book, chapter.chapter, chapter.translation);
      if (await cache.match(url)) continue;
      await cache.put(url, new Response(JSON.stringify(chapter), { headers: chapterHeaders }));
    }
  })().catch(() => {
    // Storage may be full or blocked; the chapter is then simply not kept for offline.
  });
}
