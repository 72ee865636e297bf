import fs from 'node:fs';
import path from 'node:path';
import { inlineScriptSource } from '#server/plugins/security-headers.ts';
import { pageText, screenModulesOf } from '#shared/site-pages.ts';
import {
  documentTitle,
  handedOverStateId,
  notFoundRoute,
  prerenderedFile,
  isUnlisted,
  siteRoutes,
} from '#shared/site-routes.ts';
import type { CachedBody } from './cached-body.ts';

/** The part of Vite's build manifest (`build.manifest`) that says which chunk needs which. */
type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

export type ClientPages = {
  /** index.html for each screen of site-routes.ts, by path. */
  byPath: Map<string, CachedBody>;
  /** index.html for a path that is no screen (answered with 404). */
  notFound: CachedBody;
  /**
   * CSP sources ('sha256-…') of index.html's inline scripts (the theme script), for the
   * Content-Security-Policy of the pages: worked out from the built file, so never stale.
   */
  inlineScripts: string[];
  /** index.html as built, for pages rendered on request (renderedPage). */
  template: string;
};

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The markup of the prerendered screens by path (scripts/prerender-plugin.ts), if built. */
function readPrerendered(clientDir: string): Record<string, string> {
  const file = path.join(clientDir, prerenderedFile);
  return fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>)
    : {};
}

/** #root with all it holds in index.html: the comment and the header frame. */
const rootPattern = /<div id="root">[\s\S]*<!--\/before-app-->\s*<\/div>/;

/** index.html's preload of the app's entry (scripts/prerender-plugin.ts writes it). */
const entryPreloadPattern = /<link rel="modulepreload" crossorigin href="[^"]+">/;

/**
 * index.html with a prerendered screen's markup in #root in place of the header frame, and
 * #root marked data-prerendered: the app hydrates that markup rather than drawing its own.
 * Such a page preloads no JavaScript. The screen is already drawn, so the bandwidth goes to
 * the HTML, the CSS and the fonts that draw it first; the app's script is fetched once the
 * page has been painted (index.html starts it after the first frame).
 */
function withScreen(template: string, markup: string, beforeRoot = ''): string {
  if (!rootPattern.test(template)) throw new Error('index.html has no before-app markers in #root');
  // Nothing else in #root, not even white space: hydration expects exactly what React drew.
  return template
    .replace(rootPattern, () => `${beforeRoot}<div id="root" data-prerendered>${markup}</div>`)
    .replace(entryPreloadPattern, '');
}

/**
 * The data a screen was rendered with, for the app to start from (main.tsx). Not a script the
 * browser runs (so no Content-Security-Policy hash): JSON it reads. A '<' in the text could end
 * the element or open a comment, so each is written as the JSON escape \u003c.
 */
function handedOverState(state: unknown): string {
  const json = JSON.stringify(state).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${handedOverStateId}">${json}</script>`;
}

function readManifest(clientDir: string): Manifest | undefined {
  const file = path.join(clientDir, '.vite/manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : undefined;
}

/** The chunk's JS and CSS files and those of its static imports, transitively. */
function chunkFiles(
  manifest: Manifest,
  key: string,
  found = { js: new Set<string>(), css: new Set<string>() },
) {
  const chunk = manifest[key];
  if (!chunk || found.js.has(chunk.file)) return found;
  found.js.add(chunk.file);
  for (const css of chunk.css ?? []) found.css.add(css);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, found);
  return found;
}

/**
 * Link tags that fetch a screen's chunks together with the entry, instead of after the entry
 * has run and asked for them (a round trip saved on every first load). The entry's own
 * chunks are already in index.html.
 */
function screenPreloads(manifest: Manifest | undefined, modules: string[]): string {
  if (!manifest) return '';
  const entry = chunkFiles(manifest, 'index.html');
  const found = { js: new Set<string>(), css: new Set<string>() };
  for (const module of modules) chunkFiles(manifest, module, found);
  const { js, css } = found;
  const links = [
    ...[...js]
      .filter((file) => !entry.js.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...[...css]
      .filter((file) => !entry.css.has(file))
      .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ];
  return links.join('');
}

/** A <script> element without a src attribute, and its text. */
const inlineScriptPattern = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(inlineScriptPattern)].map(([, code = '']) => inlineScriptSource(code));
}

const titlePattern = /<title>[^<]*<\/title>/;
const descriptionPattern = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;

function pageHtml(
  template: string,
  page: { title?: string; description: string },
  headEnd: string,
): CachedBody {
  // Replacer functions: a `$` in the text must not be read as a replacement pattern.
  const html = template
    .replace(titlePattern, () => `<title>${escapeHtml(documentTitle(page.title))}</title>`)
    .replace(
      descriptionPattern,
      () => `<meta name="description" content="${escapeHtml(page.description)}" />`,
    )
    .replace('</head>', () => `${headEnd}</head>`);
  // Compressed once per encoding when first asked for, not per request (sendEncoded): a
  // prerendered screen is tens of kilobytes of HTML.
  return { body: Buffer.from(html), encoded: {} };
}

/**
 * The built index.html, once per screen: its own title and description, which crawlers read
 * without running the app (the screens set the same title once they run), the screen's
 * markup if it is prerendered, or else preloads for its chunks (index.html's own <title>,
 * description and </head> are the places). Built once at start-up.
 */
export function buildClientPages(clientDir: string): ClientPages {
  const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const manifest = readManifest(clientDir);
  const prerendered = readPrerendered(clientDir);
  const byPath = new Map(
    siteRoutes.map((route) => {
      const markup = prerendered[route.path];
      const robots = robotsOf(route.path);
      const page =
        markup === undefined
          ? pageHtml(
              template,
              pageText(route),
              `${robots}${screenPreloads(manifest, screenModulesOf(route))}`,
            )
          : pageHtml(withScreen(template, markup), pageText(route), robots);
      return [route.path, page];
    }),
  );
  const notFound = pageHtml(
    template,
    pageText(notFoundRoute),
    // A missing page is no page for search engines to keep.
    `<meta name="robots" content="noindex">${screenPreloads(manifest, screenModulesOf(notFoundRoute))}`,
  );
  return { byPath, notFound, inlineScripts: inlineScriptSources(template), template };
}

/**
 * A page rendered on request (reader-pages.ts): the screen's markup in #root, marked
 * for hydration, and before it the data it was rendered with.
 */
export function renderedPage(
  template: string,
  page: { title?: string; description: string },
  rendered: { markup: string; state: unknown },
  head = '',
): CachedBody {
  return pageHtml(
    withScreen(template, rendered.markup, handedOverState(rendered.state)),
    page,
    head,
  );
}

/** A group's pages are nobody's to index (decision 028), drawn for a member or not. */
export function robotsOf(path: string): string {
  return isUnlisted(path) ? '<meta name="robots" content="noindex">' : '';
}
