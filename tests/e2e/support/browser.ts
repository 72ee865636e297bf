import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function baseURL(): string {
  return inject('baseURL');
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
}

export const phone = { width: 390, height: 844 };
export const desktop = { width: 1280, height: 800 };

/**
 * A fresh context (no shared storage) and page, at the given viewport and colour scheme.
 * The service worker is blocked unless asked for (`serviceWorkers: 'allow'`): requests it
 * serves from its cache would slip past page.route(), which several specs rely on.
 */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: desktop,
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
    ...options,
  });
  return context.newPage();
}
