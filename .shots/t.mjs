import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-background-networking'] });
for (const [w, theme] of [[390, 'light'], [1280, 'dark']]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: 900 }, colorScheme: theme });
  const page = await ctx.newPage();
  const logs = [];
  page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
  await page.goto('http://localhost:3998/testimony');
  await page.waitForSelector('li[data-index="0"]');
  await page.waitForTimeout(1500);
  const absolute = await page.$$eval('li[data-index]', (els) => els.map((e) => getComputedStyle(e).position));
  console.log(w, theme, 'rows', absolute.length, absolute[0], logs.filter((l) => !l.includes('[vite]')).slice(0, 5));
  await page.screenshot({ path: `/tmp/w/testimony-${w}.png`, fullPage: false });
  // scroll the box to load more
  await page.locator('[aria-label="Shared testimonies"]').evaluate((el) => el.scrollTo(0, 5000));
  await page.waitForTimeout(1000);
  console.log('after scroll max index', await page.$$eval('li[data-index]', (els) => Math.max(...els.map((e) => Number(e.dataset.index)))));
  await ctx.close();
}
await browser.close();
