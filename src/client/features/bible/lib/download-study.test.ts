import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StudyDownloadError } from '#client/api/study-download.ts';
import { chapterStudyUrl } from '#client/api/study.ts';
import {
  studyCache,
  studyCompleteMarker,
  studyDictionaryUrl,
} from '#client/lib/offline/cache-names.ts';
import { readOfflineStrongsEntry } from '#client/lib/offline/study-dictionary.ts';
import { FakeCacheStorage } from '#client/test/fake-caches.ts';
import { books } from '#shared/bible/books.ts';
import { canonicalChapters } from '#shared/bible/chapter.ts';
import { studyDataVersion } from '#shared/rules/study.ts';
import { downloadStudy, isStudyDownloaded } from './download-study.ts';

/** A chapter's study answer, as the server's pack has it a line. */
function studyLine(bookIndex: number, chapter: number): string {
  return JSON.stringify({
    book: books[bookIndex]?.name,
    chapter,
    version: studyDataVersion,
    strong_references: [],
    verses: [{ verse: 1, strongs: ['G25'], christ: [] }],
  });
}

const g25 = {
  lemma: 'ἀγαπάω',
  transliteration: 'agapáō',
  pronunciation: "ag-ap-ah'-o",
  definition: 'to love (in a social or moral sense).',
};

/** The body in chunks that cut lines (and characters) anywhere, as a network does. */
function streamed(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 7_777) {
        controller.enqueue(bytes.slice(at, at + 7_777));
      }
      controller.close();
    },
  });
}

function serve(pack: string[]) {
  const requested: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    requested.push(url);
    if (url.startsWith('/api/study/download?')) {
      return new Response(streamed(`${pack.join('\n')}\n`));
    }
    if (url === studyDictionaryUrl) {
      return new Response(JSON.stringify({ licence: 'Public domain', entries: { G25: g25 } }));
    }
    return new Response('{}', { status: 404 });
  });
  return requested;
}

let storage: FakeCacheStorage;

beforeEach(() => {
  storage = new FakeCacheStorage();
  vi.stubGlobal('caches', storage);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readOfflineStrongsEntry', () => {
  it('is null while the study notes are not on this device (and looks again after they are)', async () => {
    expect(await readOfflineStrongsEntry('G25')).toBeNull();
  });
});

describe('downloadStudy', () => {
  it('stores every chapter under its study URL and the dictionary, then marks the notes whole', async () => {
    const cache = await storage.open(studyCache);
    const stale = '/api/study/John/3?v=an-old-release';
    await cache.put(stale, new Response('{}'));
    const pack = canonicalChapters().map(({ bookIndex, chapter }) => studyLine(bookIndex, chapter));
    const requested = serve(pack);
    const progress: number[] = [];
    expect(await isStudyDownloaded()).toBe(false);

    await downloadStudy(new AbortController().signal, (saved) => progress.push(saved));

    expect(requested).toEqual(
      expect.arrayContaining([`/api/study/download?v=${studyDataVersion}`, studyDictionaryUrl]),
    );
    expect(progress.at(-1)).toBe(1189);
    const john = books.findIndex((book) => book.name === 'John');
    expect(await cache.text(chapterStudyUrl(john, 3))).toBe(studyLine(john, 3));
    expect(await cache.text(chapterStudyUrl(65, 22))).toBe(studyLine(65, 22));
    // Every chapter, the dictionary and the marker; an earlier release's data is gone.
    expect(cache.entries.size).toBe(1189 + 2);
    expect(await cache.match(stale)).toBeUndefined();
    expect(await cache.match(studyCompleteMarker)).toBeDefined();
    expect(await isStudyDownloaded()).toBe(true);

    // The word panel reads a meaning from it offline, however the number is written.
    expect(await readOfflineStrongsEntry('g0025')).toEqual(g25);
    expect(await readOfflineStrongsEntry('G26')).toBeNull();
    expect(await readOfflineStrongsEntry('__proto__')).toBeNull();
  });

  it('refuses a pack whose lines are not the chapters in order, and never marks it whole', async () => {
    const pack = canonicalChapters().map(({ bookIndex, chapter }) => studyLine(bookIndex, chapter));
    [pack[1], pack[2]] = [pack[2] ?? '', pack[1] ?? ''];
    serve(pack);
    await expect(downloadStudy(new AbortController().signal, () => undefined)).rejects.toThrow(
      StudyDownloadError,
    );
    expect(await isStudyDownloaded()).toBe(false);
  });

  it('says the download was cut short when chapters are missing', async () => {
    const pack = canonicalChapters()
      .slice(0, 100)
      .map(({ bookIndex, chapter }) => studyLine(bookIndex, chapter));
    serve(pack);
    await expect(downloadStudy(new AbortController().signal, () => undefined)).rejects.toThrow(
      'The download was cut short. Please try again.',
    );
    expect(await isStudyDownloaded()).toBe(false);
  });
});
