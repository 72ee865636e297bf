// Screens the server draws the same for everyone whose request says the same, and keeps
// (decision 011): /auth, drawn with the sign-in providers this server offers, and /verse-of-day,
// drawn with the server's day's verse in the translation the request names. Each is rendered
// with the client build's renderer when first asked for, like the reader's chapters
// (reader-pages.ts), and kept by what it depends on; a phone then draws the screen as soon as
// the HTML and CSS arrive, instead of after the app's JavaScript has loaded, run and fetched.
import type { CachedBody } from './cached-body.ts';

/**
 * The page kept under `key`, drawn by `draw` when it is not kept yet. A drawing that fails is
 * logged and tried again on the next request (the app then draws the page, as before).
 */
export type KeptScreens = (
  key: string,
  draw: () => Promise<CachedBody>,
) => Promise<CachedBody | undefined>;

export function createKeptScreens(options: {
  onError: (error: unknown) => void;
  /** Pages kept at most, the least recently asked for dropped first. */
  maxKept: number;
}): KeptScreens {
  const kept = new Map<string, Promise<CachedBody | undefined>>();

  async function drawPage(draw: () => Promise<CachedBody>): Promise<CachedBody | undefined> {
    try {
      return await draw();
    } catch (error) {
      options.onError(error);
      return undefined;
    }
  }

  return (key, draw) => {
    let page = kept.get(key);
    if (page) {
      kept.delete(key);
    } else {
      // Kept at once, so that requests arriving together draw it once.
      page = drawPage(draw);
      const drawing = page;
      void drawing.then((drawn) => {
        if (!drawn && kept.get(key) === drawing) kept.delete(key);
      });
    }
    kept.set(key, page);
    if (kept.size > options.maxKept) {
      const oldest = kept.keys().next().value;
      if (oldest !== undefined) kept.delete(oldest);
    }
    return page;
  };
}
