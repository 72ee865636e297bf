import {
  requestStudyFile,
  StudyDownloadError,
  studyDownloadUrl,
} from '#client/api/study-download.ts';
import { chapterStudyUrl } from '#client/api/study.ts';
import {
  bibleChapterCount,
  studyCache,
  studyCompleteMarker,
  studyDictionaryUrl,
} from '#client/lib/offline/cache-names.ts';
import { books } from '#shared/bible/books.ts';
import { canonicalChapters } from '#shared/bible/chapter.ts';
import { studyDataVersion } from '#shared/rules/study.ts';
import { readLines } from './read-lines.ts';

/** Cache writes in flight at once: enough to keep up with the network, few enough for memory. */
const maxWritesInFlight = 24;

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8' };

/** What an earlier release of the study data left: never asked for again, so removed. */
async function removeOtherReleases(cache: Cache): Promise<void> {
  for (const request of await cache.keys()) {
    if (new URL(request.url).searchParams.get('v') !== studyDataVersion) {
      await cache.delete(request);
    }
  }
}

/** The Strong's dictionaries, stored under their URL for the word panel offline. */
async function saveDictionary(cache: Cache, signal: AbortSignal): Promise<void> {
  const response = await requestStudyFile(studyDictionaryUrl, signal);
  const bytes = await response.arrayBuffer();
  await cache.put(studyDictionaryUrl, new Response(bytes, { headers: jsonHeaders }));
}

/**
 * Saves the study notes on this device (decision 023, "Offline"): the same for every translation,
 * so one download covers all three. GET /api/study/download?v= sends every chapter's study data
 * in one compressed response, a chapter a line in canonical order, each line the exact body of
 * GET /api/study/{book}/{chapter}?v=; each is stored in Cache Storage under that URL
 * (chapterStudyUrl), where the service worker's study route (sw.ts) answers the reader from. The
 * Strong's dictionaries come beside it (GET /api/study/dictionary?v=). `onProgress` gets the number
 * of chapters stored so far.
 */
export async function downloadStudy(
  signal: AbortSignal,
  onProgress: (saved: number) => void,
): Promise<void> {
  const cache = await caches.open(studyCache);
  // Until the last chapter is in, nothing may claim the notes are whole.
  await cache.delete(studyCompleteMarker);
  await removeOtherReleases(cache);

  const dictionary = saveDictionary(cache, signal);
  // Awaited below; a failure of the chapters first must not leave it unhandled.
  dictionary.catch(() => undefined);
  const response = await requestStudyFile(studyDownloadUrl, signal);
  const body = response.body;
  if (!body) throw new StudyDownloadError('The download was empty. Please try again.');

  const positions = canonicalChapters();
  let received = 0;
  let saved = 0;
  const writes = new Set<Promise<void>>();
  for await (const line of readLines(body)) {
    const position = positions[received];
    received += 1;
    const answer = JSON.parse(line) as { book?: unknown; chapter?: unknown };
    if (
      !position ||
      answer.book !== books[position.bookIndex]?.name ||
      answer.chapter !== position.chapter
    ) {
      throw new StudyDownloadError('The download was not the study notes. Please try again.');
    }
    const write = cache
      .put(
        chapterStudyUrl(position.bookIndex, position.chapter),
        new Response(line, { headers: jsonHeaders }),
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
  await dictionary;
  if (saved !== bibleChapterCount) {
    throw new StudyDownloadError('The download was cut short. Please try again.');
  }
  await cache.put(
    studyCompleteMarker,
    new Response(JSON.stringify({ chapters: saved, saved_at: new Date().toISOString() }), {
      headers: jsonHeaders,
    }),
  );
}

/** Whether this release's study notes are whole on this device (and their cache still there). */
export async function isStudyDownloaded(): Promise<boolean> {
  const cache = await caches.open(studyCache);
  return (await cache.match(studyCompleteMarker)) !== undefined;
}
