// The reader's pages with their chapter already drawn (decision 006). A chapter never changes,
// so each is rendered once per translation, when it is first asked for, with the client build's
// renderer (src/client/prerender.tsx) and kept; a phone then draws the chapter as soon as the
// HTML and CSS arrive instead of after the app's JavaScript has loaded, run and fetched it.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { positionFromParams, type ReaderPosition } from '#shared/bible/navigation.ts';
import { displayReference } from '#shared/bible/references.ts';
import { translations } from '#shared/bible/translation-list.ts';
import {
  defaultTranslation,
  translationIds,
  translationNamed,
  type TranslationId,
} from '#shared/bible/translations.ts';
import type { ChapterResponse } from '#shared/schemas/bible.ts';
import { screenRendererFile, type ScreenData } from '#shared/site-routes.ts';
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
  const translation = translations.find(({ id }) => id === chapter.translation) ?? translations[0];
  // As the reader's heading has it ('Psalm 23'), so the drawn page and the app agree.
  const shown = displayReference(chapter.reference);
  const full = `${shown} in the ${translation?.name ?? ''}: ${chapter.verses[0]?.text ?? ''}`;
  const description = full.length <= 160 ? full : `${full.slice(0, 159).replace(/\s+\S*$/, '')}…`;
  return { title: `${shown} · Read the Bible`, description };
}

/**
 * Rendered pages kept, the most recently read last, whatever their translation. A page is about
 * 45 KB of HTML (Psalm 119, the longest, 120 KB) plus its compressed forms: a few megabytes for
 * the chapters people read most, while the whole Bible would be some 60 MB (twice that in both
 * forms, below) in each translation.
 */
const maxKeptPages = 200;

/**
 * `signedOut`: the request carried no session cookie, so the page can be drawn as a visitor sees
 * it (their invitation to sign up in place, rather than room kept for it until the app has asked
 * who is there). Each chapter has the two forms.
 */
export type ReaderPages = (search: string, signedOut: boolean) => Promise<CachedBody | undefined>;

/** The translation an address's `translation` names; the KJV when it names none we have. */
function translationFromParam(value: string | null): TranslationId {
  return translationNamed(value) ?? defaultTranslation;
}

/**
 * The reader's page for the chapter that the address's query (`?book=…&chapter=…`) names, read
 * as the app reads it, in the translation its `&translation=` names (decision 015; the KJV when
 * absent or unknown); undefined for a query without a valid chapter, where the app picks the
 * chapter itself, or when rendering fails (the app then draws the page as before).
 */
export function createReaderPages(options: {
  render: RenderScreen;
  chapter: (position: ReaderPosition, translation: TranslationId) => ChapterResponse;
  page: (chapter: ChapterResponse, rendered: { markup: string; state: unknown }) => CachedBody;
  onError: (error: unknown) => void;
}): ReaderPages {
  const kept = new Map<number, Promise<CachedBody | undefined>>();

  async function renderPage(
    position: ReaderPosition,
    translation: TranslationId,
    parallel: TranslationId | null,
    signedOut: boolean,
  ): Promise<CachedBody | undefined> {
    const chapter = options.chapter(position, translation);
    const parallelChapter = parallel ? options.chapter(position, parallel) : undefined;
    // The address as the app would write it: the markup depends on the chapter, its translation
    // (and signedOut) alone. The KJV's address names no translation.
    const search = new URLSearchParams({ book: chapter.book, chapter: String(chapter.chapter) });
    if (translation !== defaultTranslation) search.set('translation', translation);
    // Two translations side by side are drawn as two columns here too, or the app's first
    // render would not match the page (a hydration error and a jump).
    if (parallel) search.set('parallel', parallel);
    const url = `/read-bible?${search}`;
    try {
      return options.page(
        chapter,
        await options.render(url, {
          chapter,
          signedOut,
          ...(parallelChapter ? { parallelChapter } : {}),
        }),
      );
    } catch (error) {
      options.onError(error);
      return undefined;
    }
  }

  return (search, signedOut) => {
    const params = new URLSearchParams(search);
    const position = positionFromParams(params.get('book'), params.get('chapter'));
    if (!position) return Promise.resolve(undefined);
    const translation = translationFromParam(params.get('translation'));
    // As the app reads it: a second translation other than the first, else none.
    const parallelNamed = translationNamed(params.get('parallel'));
    const parallel = parallelNamed && parallelNamed !== translation ? parallelNamed : null;
    const form = (position.bookIndex * 1000 + position.chapter) * 2 + (signedOut ? 1 : 0);
    const key =
      (form * translationIds.length + translationIds.indexOf(translation)) *
        (translationIds.length + 1) +
      (parallel ? translationIds.indexOf(parallel) + 1 : 0);
    let page = kept.get(key);
    if (page) {
      kept.delete(key);
    } else {
      // The promise is kept at once, so that requests arriving together render it once.
      page = renderPage(position, translation, parallel, signedOut);
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
