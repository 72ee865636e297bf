import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { e2eServer } from './server.ts';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function baseURL(): string {
  return e2eServer().baseURL;
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
  { waitForApp = true }: { waitForApp?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: desktop,
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
    ...options,
  });
  const page = await context.newPage();
  if (waitForApp) waitForAppOnLoad(page);
  return page;
}

/** The page's errors from here on: uncaught exceptions and console errors (React's among them). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** True once the app has taken over #root (it has replaced or hydrated the server's markup). */
export const appHasStarted = () =>
  !document.querySelector('[data-before-app]') &&
  !document.querySelector('#root[data-prerendered]');

/**
 * page.goto() and page.reload() return once the app has started. A prerendered screen is drawn
 * before the app's script has run, and a click on it before then would do nothing; a person
 * would simply click again, a test would fail at random.
 */
function waitForAppOnLoad(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await page.waitForFunction(appHasStarted);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await page.waitForFunction(appHasStarted);
    return response;
  };
}
