// /testimony with the wall's first page already drawn (decision 011, amended: the first testimonies on a
// phone within a second, and no screen waits for the app to draw its content). Rendered with the
// client build's renderer, like the reader's chapters (reader-pages.ts), and kept while the
// first page stays the same: the newest approved testimonies are read on every request (one
// indexed query), and the page is drawn again only when they changed (an approval, a withdrawal,
// on this instance or any other) or after a minute, so the "2 hours ago" it shows stays true.
import type { Page } from '#shared/schemas/pagination.ts';
import type { PublicTestimony } from '#shared/schemas/testimonies.ts';
import type { CachedBody } from './cached-body.ts';
import type { RenderScreen } from './reader-pages.ts';

/** How long a drawn wall is kept while its testimonies stay the same. */
export const testimonyPageMaxAgeMs = 60_000;

/** The page for a visitor (`signedOut`: no session cookie) or for someone who may be signed in. */
export type TestimonyPages = (signedOut: boolean) => Promise<CachedBody | undefined>;

type Kept = { firstPage: string; drawnAt: number; page: Promise<CachedBody | undefined> };

export function createTestimonyPages(options: {
  render: RenderScreen;
  /** The wall's first page, as GET /api/testimonies answers it. */
  firstPage: () => Promise<Page<PublicTestimony>>;
  page: (rendered: { markup: string; state: unknown }) => CachedBody;
  onError: (error: unknown) => void;
  now: () => number;
}): TestimonyPages {
  const kept = new Map<boolean, Kept>();

  async function draw(
    testimonies: Page<PublicTestimony>,
    signedOut: boolean,
  ): Promise<CachedBody | undefined> {
    try {
      return options.page(await options.render('/testimony', { testimonies, signedOut }));
    } catch (error) {
      options.onError(error);
      return undefined;
    }
  }

  return async (signedOut) => {
    let testimonies: Page<PublicTestimony>;
    try {
      testimonies = await options.firstPage();
    } catch (error) {
      // The app draws the wall itself (and says what went wrong) when the database cannot.
      options.onError(error);
      return undefined;
    }
    const firstPage = JSON.stringify(testimonies);
    const now = options.now();
    const known = kept.get(signedOut);
    if (
      known &&
      known.firstPage === firstPage &&
      now - known.drawnAt < testimonyPageMaxAgeMs &&
      now >= known.drawnAt
    ) {
      return known.page;
    }
    // Kept at once, so that requests arriving together draw it once.
    const page = draw(testimonies, signedOut);
    const entry = { firstPage, drawnAt: now, page };
    kept.set(signedOut, entry);
    // A failed drawing is tried again on the next request.
    void page.then((drawn) => {
      if (!drawn && kept.get(signedOut) === entry) kept.delete(signedOut);
    });
    return page;
  };
}
