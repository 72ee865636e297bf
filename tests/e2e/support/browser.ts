import {
  chromium,
  type Browser,
  type BrowserContextOptions,
  type Page,
  type Request,
} from 'playwright-core';
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
  trackRequests(page);
  if (waitForApp) waitForAppOnLoad(page);
  return page;
}

/** The requests of a page still under way, and when one last started or ended. */
const network = new WeakMap<Page, { inFlight: Set<Request>; changedAt: number }>();

function trackRequests(page: Page): void {
  const state = { inFlight: new Set<Request>(), changedAt: performance.now() };
  network.set(page, state);
  page.on('request', (request) => {
    // An event stream stays open as long as the page does; it is never "finished".
    if (request.resourceType() === 'eventsource') return;
    state.inFlight.add(request);
    state.changedAt = performance.now();
  });
  const finish = (request: Request) => {
    if (state.inFlight.delete(request)) state.changedAt = performance.now();
  };
  page.on('requestfinished', finish);
  page.on('requestfailed', finish);
}

/**
 * Waits until no request of the page has been under way for `quietMs`: what Playwright's
 * 'networkidle' does, with a window of 200 ms instead of its fixed 500 (a screen's next query
 * starts within a few milliseconds of the one before it ending). Pages not opened by openPage
 * fall back to 'networkidle'.
 */
export async function waitForQuietNetwork(page: Page, quietMs = 200): Promise<void> {
  const state = network.get(page);
  if (!state) {
    await page.waitForLoadState('networkidle');
    return;
  }
  const deadline = performance.now() + 30_000;
  for (;;) {
    const quietFor = performance.now() - state.changedAt;
    if (state.inFlight.size === 0 && quietFor >= quietMs) return;
    if (performance.now() > deadline) {
      const pending = [...state.inFlight].map((request) => request.url()).join(', ');
      throw new Error(`The network was never quiet for ${quietMs} ms; under way: ${pending}`);
    }
    await new Promise((resolve) =>
      setTimeout(resolve, state.inFlight.size === 0 ? quietMs - quietFor : 50),
    );
  }
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
