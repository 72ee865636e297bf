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

/** A fresh context (no shared storage) and page, at the given viewport and colour scheme. */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: desktop,
    reducedMotion: 'reduce',
    ...options,
  });
  return context.newPage();
}
