// `npm run screenshots -- [paths…]`: full-page PNGs of the running app (npm start first) at
// 390 px and 1280 px, light and dark, into ./screenshots/, for looking at what we built.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const base = process.env.BASE_URL ?? 'http://localhost:3000';
const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/'];
const outDir = path.resolve('screenshots');
fs.mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-background-networking'],
});
for (const pagePath of paths) {
  for (const width of [390, 1280]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        colorScheme,
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await page.goto(base + pagePath, { waitUntil: 'networkidle' });
      const name = `${pagePath.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${width}-${colorScheme}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: true });
      console.log(path.join('screenshots', name));
      await context.close();
    }
  }
}
await browser.close();
