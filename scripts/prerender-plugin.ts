// Two build steps that let a phone draw a page before the app's JavaScript has run
// (docs/decisions/005-prerendered-public-screens.md):
//
// 1. index.html starts the app one frame after the first paint. A module script in the page
//    would run as soon as it arrives, and on a slow phone its first run keeps the main thread
//    busy for several hundred milliseconds before anything is drawn. The script is still
//    fetched at once (modulepreload); only running it waits for the first frame.
// 2. src/client/prerender.tsx is built for Node into the client build (screenRendererFile, in
//    .vite/ beside the build manifest, which the server never serves). With it the public
//    screens (site-routes.ts, `prerender: true`) are rendered to markup once the client is
//    built, into .vite/prerendered.json, and the server renders the reader's chapters as they
//    are asked for (decision 006). The server puts the markup into the page
//    (src/server/delivery/client-pages.ts).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { earlyControlSelector } from '#shared/early-input.ts';
import { prerenderedFile, prerenderedPaths, screenRendererFile } from '#shared/site-routes.ts';

const root = path.resolve(import.meta.dirname, '..');

const entryScriptPattern = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * Part of the inline loader (decision 013): until React listens on a page that was drawn
 * before the app (#root data-prerendered), a tap on a button or a form's submission inside it is
 * held back and written down by the control's place (src/client/app/early-input.ts replays it
 * once the app has hydrated the same markup). Links are left alone: they work without the app.
 */
const earlyInputCapture =
  ' var early = (window.__groundedEarlyInput = []);' +
  ' function drawn() { var root = document.getElementById("root");' +
  ' return !window.__groundedAppListens && root && root.hasAttribute("data-prerendered") ? root : null; }' +
  ' function place(root, selector, element) { return Array.prototype.indexOf.call(root.querySelectorAll(selector), element); }' +
  ' document.addEventListener("click", function (event) { var root = drawn();' +
  ` var control = root && event.target instanceof Element ? event.target.closest(${JSON.stringify(earlyControlSelector)}) : null;` +
  ' if (!control || !root.contains(control)) return; event.preventDefault();' +
  ` early.push({ kind: "click", index: place(root, ${JSON.stringify(earlyControlSelector)}, control) }); }, true);` +
  ' document.addEventListener("submit", function (event) { var root = drawn();' +
  ' if (!root || !root.contains(event.target)) return; event.preventDefault();' +
  ' early.push({ kind: "submit", index: place(root, "form", event.target) }); }, true);';

/**
 * The entry's <script> becomes a modulepreload (fetched at once, as before) and a small inline
 * script that adds the module once the whole page has been parsed and the next frame painted.
 * On a slow phone the parser yields part-way through a long drawn page, and a frame comes in
 * between: the app's script, run from there, held back the drawing of the rest by up to a
 * second (a module added by a script runs as soon as it has loaded). A hidden page paints no
 * frames, so there it is added at once. The server allows the inline script by its hash.
 */
export function startAfterFirstPaint(html: string): string {
  const match = entryScriptPattern.exec(html);
  if (!match) throw new Error('index.html has no module entry script to defer');
  const src = match[1] ?? '';
  const loader =
    `<link rel="modulepreload" crossorigin href="${src}">` +
    '<script>(function () {' +
    earlyInputCapture +
    " function start() { var script = document.createElement('script'); script.type = 'module';" +
    ` script.crossOrigin = ''; script.src = '${src}'; document.head.appendChild(script); }` +
    ' function afterPaint() { requestAnimationFrame(function () { setTimeout(start, 0); }); }' +
    " if (document.visibilityState !== 'visible') start();" +
    " else if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterPaint);" +
    ' else afterPaint();' +
    '})();</script>';
  return html.replace(entryScriptPattern, () => loader);
}

/**
 * Builds src/client/prerender.tsx for Node into the client build, whole (React and the rest
 * bundled in, so it runs from wherever the build is put), and renders the prerendered screens
 * with it.
 */
async function renderScreens(
  clientOutDir: string,
  mode: 'production' | 'development',
): Promise<Record<string, string>> {
  const rendererFile = path.join(clientOutDir, screenRendererFile);
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react()],
    // The icons and robots.txt are the client's; the renderer needs none of them.
    publicDir: false,
    // React's build of the client's kind (production unless told otherwise), whatever NODE_ENV
    // the server runs with: the JSX is compiled for it.
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    ssr: { noExternal: true },
    build: {
      ssr: 'src/client/prerender.tsx',
      outDir: path.dirname(rendererFile),
      emptyOutDir: true,
      minify: false,
      rolldownOptions: { output: { entryFileNames: path.basename(rendererFile) } },
    },
  });
  const { renderScreen } = (await import(pathToFileURL(rendererFile).href)) as {
    renderScreen: (url: string) => Promise<{ markup: string }>;
  };
  const screens: Record<string, string> = {};
  for (const screenPath of prerenderedPaths) {
    const { markup } = await renderScreen(screenPath);
    // The page's Content-Security-Policy allows only index.html's own inline scripts.
    if (/<script/i.test(markup)) throw new Error(`${screenPath} rendered a <script> element`);
    screens[screenPath] = markup;
  }
  return screens;
}

export function prerenderPlugin(): Plugin {
  let outDir = '';
  let mode: 'production' | 'development' = 'production';
  return {
    name: 'grounded-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      mode = config.isProduction ? 'production' : 'development';
    },
    transformIndexHtml: { order: 'post', handler: startAfterFirstPaint },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const screens = await renderScreens(outDir, mode);
        const file = path.join(outDir, prerenderedFile);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, JSON.stringify(screens));
      },
    },
  };
}
