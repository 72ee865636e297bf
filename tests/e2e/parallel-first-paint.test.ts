// A page with two translations side by side (&parallel=) is drawn in two columns by the server
// too: the app's first render matches it (no hydration error, React's #418) and nothing jumps.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, desktop, launchBrowser, openPage, phone } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('a &parallel= reader page', () => {
  it('comes from the server in two columns, the second translation already there', async () => {
    const page = await openPage(browser, {}, { waitForApp: false });
    const response = await page.request.get('/read-bible?book=John&chapter=3&parallel=web');
    const html = await response.text();
    expect(html).toContain('data-parallel-verse="16"');
    expect(html).toContain('that whoever believes in him should not perish');
    await page.context().close();
  });

  for (const viewport of [desktop, phone]) {
    it(`logs no error and keeps its layout as the app starts, at ${viewport.width} px`, async () => {
      const page = await openPage(browser, { viewport });
      const errors = collectErrors(page);
      await page.goto('/read-bible?book=John&chapter=3&translation=asv&parallel=web');
      const second = page.locator('[data-parallel-verse="16"]');
      await second.getByText('that whoever believes in him should not perish').waitFor();
      const before = await second.boundingBox();
      await page.waitForTimeout(500);
      expect(await second.boundingBox()).toEqual(before);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
