import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-background-networking'] });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark', javaScriptEnabled: process.argv[2] !== 'nojs' });
const page = await ctx.newPage();
await page.goto('http://localhost:3998/testimony');
await page.locator('text=Testimonies from the community').first().scrollIntoViewIfNeeded();
await page.waitForTimeout(1200);
await page.screenshot({ path: `/tmp/w/wall-${process.argv[2] ?? 'js'}.png` });
await browser.close();
