// The reader's pages with their chapter already drawn (decision 006). A chapter never changes,
// so each is rendered once, when it is first asked for, with the client build's renderer
// (src/client/prerender.tsx) and kept; a phone then draws the chapter as soon as the HTML and
// CSS arrive instead of after the app's JavaScript has loaded, run and fetched the chapter.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { positionFromParams, type ReaderPosition } from '../../shared/bible/navigation.ts';
import type { ChapterResponse } from '../../shared/schemas/bible.ts';
import { screenRendererFile, type ScreenData } from '../../shared/site-routes.ts';
import type { CachedBody } from './cached-body.ts';

/** What src/client/prerender.tsx exports (the build bundles it with React for Node). */
export type RenderScreen = (
  url: string,
  data: ScreenData,
) => Promise<{ markup: string; state: unknown }>;

/** The client build's renderer, if the build has one (a build from before decision 006 has not). */
export async function loadScreenRenderer(clientDir: string): Promise<RenderScreen | undefined> {
  const file = path.join(clientDir, screenRendererFile);
  if (!fs.existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { renderScreen?: RenderScreen };
  if (typeof module.renderScreen !== 'function') {
    throw new Error(`${file} does not export renderScreen`);
  }
  return module.renderScreen;
}

/**
 * What a search result shows for a chapter's page: its title, and a description of at most 160
 * characters, cut at a word.
 */
export function chapterPageText(chapter: ChapterResponse): { title: string; description: string } {
  const full = `${chapter.reference} in the King James Version: ${chapter.verses[0]?.text ?? ''}`;
  const description = full.length <= 160 ? full : `${full.slice(0, 159).replace(/\s+\S*$/, '')}…`;
  return { title: `${chapter.reference} · Read the Bible`, description };
}

/**
 * Rendered pages kept, the most recently read last. A page is about 45 KB of HTML (Psalm 119,
 * the longest, 120 KB) plus its compressed forms: a few megabytes for the chapters people read
 * most, while the whole Bible would be some 60 MB (twice that in both forms, below).
 */
const maxKeptPages = 200;

/**
 * `signedOut`: the request carried no session cookie, so the page can be drawn as a visitor sees
 * it (their invitation to sign up in place, rather than room kept for it until the app has asked
 * who is there). Each chapter has the two forms.
 */
export type ReaderPages = (search: string, signedOut: boolean) => Promise<CachedBody | undefined>;

/**
 * The reader's page for the chapter that the address's query (`?book=…&chapter=…`) names, read
 * as the app reads it; undefined for a query without a valid chapter, where the app picks the
 * chapter itself, or when rendering fails (the app then draws the page as before).
 */
export function createReaderPages(options: {
  render: RenderScreen;
  chapter: (position: ReaderPosition) => ChapterResponse;
  page: (chapter: ChapterResponse, rendered: { markup: string; state: unknown }) => CachedBody;
  onError: (error: unknown) => void;
}): ReaderPages {
  const kept = new Map<number, Promise<CachedBody | undefined>>();

  async function renderPage(
    position: ReaderPosition,
    signedOut: boolean,
  ): Promise<CachedBody | undefined> {
    const chapter = options.chapter(position);
    // The address as the app would write it: the markup depends on the chapter (and signedOut)
    // alone.
    const url = `/read-bible?${new URLSearchParams({ book: chapter.book, chapter: String(chapter.chapter) })}`;
    try {
      return options.page(chapter, await options.render(url, { chapter, signedOut }));
    } catch (error) {
      options.onError(error);
      return undefined;
    }
  }

  return (search, signedOut) => {
    const params = new URLSearchParams(search);
    const position = positionFromParams(params.get('book'), params.get('chapter'));
    if (!position) return Promise.resolve(undefined);
    const key = (position.bookIndex * 1000 + position.chapter) * 2 + (signedOut ? 1 : 0);
    let page = kept.get(key);
    if (page) {
      kept.delete(key);
    } else {
      // The promise is kept at once, so that requests arriving together render it once.
      page = renderPage(position, signedOut);
      const rendering = page;
      void rendering.then((rendered) => {
        // A failed render is tried again next time (unless a newer one took its place).
        if (!rendered && kept.get(key) === rendering) kept.delete(key);
      });
    }
    kept.set(key, page);
    if (kept.size > maxKeptPages) {
      const oldest = kept.keys().next().value;
      if (oldest !== undefined) kept.delete(oldest);
    }
    return page;
  };
}
