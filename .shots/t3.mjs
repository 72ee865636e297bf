import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-background-networking'] });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
const page = await ctx.newPage();
for (const path of ['/testimony', '/prayer']) {
  await page.goto('http://localhost:3998' + path, { waitUntil: 'commit' });
  await page.waitForSelector('h1');
  await page.evaluate(() => window.scrollTo(0, 900));
  const before = await page.evaluate(() => window.scrollY);
  await page.waitForTimeout(2000);
  console.log(path, 'scrollY before', before, 'after app start', await page.evaluate(() => window.scrollY));
}
await page.goto('http://localhost:3998/testimony');
await page.waitForTimeout(1500);
await page.evaluate(() => document.querySelector('[aria-label="Shared testimonies"]').scrollIntoView());
await page.waitForTimeout(500);
await page.screenshot({ path: `/tmp/w/wall-js.png` });
await browser.close();
