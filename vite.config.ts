import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { fontPreloadPlugin } from './scripts/font-preload-plugin.ts';
import { prerenderPlugin } from './scripts/prerender-plugin.ts';

// In development Vite serves the client on :3000 and forwards /api to the server on :3001
// (scripts/dev.ts starts both). In production the server serves dist/client itself.
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Public screens drawn before the app's JavaScript runs (docs/decisions/005).
    prerenderPlugin(),
    fontPreloadPlugin(),
    // The web app manifest and the service worker (src/client/sw.ts: precache, Web Push,
    // notification clicks). src/client/lib/device-notifications/register-service-worker.ts
    // registers it after load, so nothing is injected into index.html (the CSP allows no
    // inline script) and the first page's JavaScript does not grow.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/client',
      filename: 'sw.ts',
      injectRegister: false,
      injectManifest: {
        // A classic script, which every browser with service workers runs (module workers are
        // newer); it also spares the worker's own build a deprecated Rollup option.
        rollupFormat: 'iife',
        // The app shell, so that every screen opens offline after one visit: index.html (the
        // worker answers navigations with it only when the server cannot be reached, so unknown
        // paths keep their real 404; its theme script is inline), every hashed JS and CSS file
        // (each route's chunk) and the Latin fonts; the plugin adds the manifest and its icons.
        // The other font subsets (most never used) are cached at runtime when a page needs
        // them; source maps never.
        globPatterns: [
          'index.html',
          'favicon.svg',
          'assets/*.{js,css,svg}',
          'assets/*-latin-wght-*.woff2',
        ],
      },
      manifest: {
        id: '/',
        name: 'Grounded',
        short_name: 'Grounded',
        description:
          'A Christian companion for daily Bible reading, verses for how you feel, journaling, prayer and meditation.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#2f6b4f',
        background_color: '#fcfaf6',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
    }),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // No source maps: served, they would hand out the client's whole source, and nothing reads
    // them (client error reports carry a message, never a stack). The server refuses any .map
    // file all the same (src/server/delivery/static-client.ts).
    sourcemap: false,
    // .vite/manifest.json: the server preloads each route's chunks from it
    // (src/server/delivery/static-client.ts) and bench/frontend.ts measures them.
    manifest: true,
    // Browsers without <link rel="modulepreload"> (Firefox before 115, Safari before 17) still
    // run every chunk; they only fetch a screen's chunks one after another. A polyfill for
    // them would be part of every first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Building a zod schema has no side effects, but the bundler cannot know it: without this,
      // a screen that imports one constant from src/shared/schemas/*.ts carries every schema of
      // that file, and zod with them (23 KB gzip).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // Everything the entry needs in one chunk (one request, better compression) instead of
        // a handful of small shared ones; the screens stay one lazy chunk each.
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
        // A chunk's file is named by its hash alone: every dynamic import's list of files to
        // preload sits in the entry, and every import names its file, so the short names take
        // about 1 KB gzip off each screen's first load (the landing page's 120 KB budget,
        // decision 014). What a chunk holds is in .vite/manifest.json (bench/frontend.ts reads it).
        chunkFileNames: 'assets/[hash].js',
      },
    },
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: { '/api': 'http://localhost:3001' },
  },
});
