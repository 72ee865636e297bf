// Preloads the two fonts that draw nearly every page (Inter and Lora, Latin letters, upright).
// Without it the browser finds them only after the stylesheet is parsed and the text laid out:
// the first paint uses the fallback fonts, and when the web fonts arrive the text is drawn again
// at another width and the page below moves (Lighthouse found a layout shift of 0.19 on the
// reader: a chapter's lines re-wrapping). Preloaded, they arrive with the stylesheet. The other
// subsets and the italic are left to the browser: most pages never need them.
import type { HtmlTagDescriptor, Plugin } from 'vite';

/** The fonts' files as @fontsource names them in the build (with a hash before .woff2). */
const preloadedFont = /^assets\/(?:inter|lora)-latin-wght-normal-[\w-]+\.woff2$/;

export function fontPreloadPlugin(): Plugin {
  return {
    name: 'grounded-font-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const files = Object.keys(context.bundle ?? {})
          .filter((fileName) => preloadedFont.test(fileName))
          .sort();
        if (files.length !== 2) {
          throw new Error(
            `expected the Inter and Lora Latin fonts in the build, found ${files.length}`,
          );
        }
        return files.map((fileName): HtmlTagDescriptor => ({
          tag: 'link',
          // Fonts are fetched in CORS mode even from the same origin: without crossorigin the
          // preload would not be used and the font fetched twice.
          attrs: {
            rel: 'preload',
            href: `/${fileName}`,
            as: 'font',
            type: 'font/woff2',
            crossorigin: '',
          },
          injectTo: 'head',
        }));
      },
    },
  };
}
