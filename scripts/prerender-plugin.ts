// Two build steps that let a phone draw a page before the app's JavaScript has run
// (docs/decisions/005-prerendered-public-screens.md):
//
// 1. index.html starts the app one frame after the first paint. A module script in the page
//    would run as soon as it arrives, and on a slow phone its first run keeps the main thread
//    busy for several hundred milliseconds before anything is drawn. The script is still
//    fetched at once (modulepreload); only running it waits for the first frame.
// 2. The public screens (site-routes.ts, `prerender: true`) are rendered to markup in Node once
//    the client is built, into .vite/prerendered.json beside the build manifest. The server
//    puts each screen's markup into its page (src/server/plugins/client-pages.ts).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { prerenderedFile, prerenderedPaths } from '../src/shared/site-routes.ts';

const root = path.resolve(import.meta.dirname, '..');

const entryScriptPattern = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * The entry's <script> becomes a modulepreload (fetched at once, as before) and a small inline
 * script that adds the module after the next frame has been painted. A hidden page paints no
 * frames, so there it is added at once. The server allows the inline script by its hash.
 */
export function startAfterFirstPaint(html: string): string {
  const match = entryScriptPattern.exec(html);
  if (!match) throw new Error('index.html has no module entry script to defer');
  const src = match[1] ?? '';
  const loader =
    `<link rel="modulepreload" crossorigin href="${src}">` +
    '<script>(function () {' +
    " function start() { var script = document.createElement('script'); script.type = 'module';" +
    ` script.crossOrigin = ''; script.src = '${src}'; document.head.appendChild(script); }` +
    " if (document.visibilityState !== 'visible') start();" +
    ' else requestAnimationFrame(function () { setTimeout(start, 0); });' +
    '})();</script>';
  return html.replace(entryScriptPattern, () => loader);
}

/** Renders the prerendered screens with the SSR build of src/client/prerender.tsx. */
async function renderScreens(): Promise<Record<string, string>> {
  const outDir = path.join(root, 'node_modules/.cache/grounded-prerender');
  fs.rmSync(outDir, { recursive: true, force: true });
  try {
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      plugins: [react()],
      build: {
        ssr: 'src/client/prerender.tsx',
        outDir,
        emptyOutDir: true,
        minify: false,
        rolldownOptions: { output: { entryFileNames: 'prerender.js' } },
      },
    });
    const { renderScreen } = (await import(
      pathToFileURL(path.join(outDir, 'prerender.js')).href
    )) as { renderScreen: (path: string) => Promise<string> };
    const screens: Record<string, string> = {};
    for (const screenPath of prerenderedPaths) {
      const markup = await renderScreen(screenPath);
      // The page's Content-Security-Policy allows only index.html's own inline scripts.
      if (/<script/i.test(markup)) throw new Error(`${screenPath} rendered a <script> element`);
      screens[screenPath] = markup;
    }
    return screens;
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

export function prerenderPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'grounded-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: { order: 'post', handler: startAfterFirstPaint },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const screens = await renderScreens();
        const file = path.join(outDir, prerenderedFile);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, JSON.stringify(screens));
      },
    },
  };
}
