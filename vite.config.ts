import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// In development Vite serves the client on :3000 and forwards /api to the server on :3001
// (scripts/dev.ts starts both). In production the server serves dist/client itself.
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
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
        // Hashed files and icons only. No HTML: pages keep coming from the server, which
        // answers unknown paths with a real 404. Fonts load when a page needs them (there are
        // many subsets, most never used), source maps never.
        globPatterns: ['assets/*.{js,css}', 'icons/*.png', 'favicon.svg'],
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
    sourcemap: true,
  },
  server: {
    port: 3000,
    strictPort: true,
    proxy: { '/api': 'http://localhost:3001' },
  },
});
