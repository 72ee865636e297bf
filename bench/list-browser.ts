// Long lists in the browser: Chromium at 390 px with the CPU slowed 4x (CDP
// Emulation.setCPUThrottlingRate) opens /journal-entries, /saved-verses, /notes and /prayer (the
// prayer list) and the seeded group's page (its prayer wall) as the seeded member and /testimony
// as a visitor. Measured: navigation to the first list row drawn (≤ 1 s), the
// DOM and the JS heap at that moment (≤ 3,000 nodes, ≤ 60 MB), then again after scrolling
// through 500 rows (≤ 5,000 nodes). Rows are the paged list's <li data-index>
// (src/client/components/paged-list.tsx).
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import type { SeededServer } from './seeded-server.ts';

type Say = (line?: string) => void;

const targets = { firstItemMs: 1000, nodes: 3000, heapMb: 60, nodesAfterScroll: 5000 };
const rowsToScroll = 500;
const cpuSlowdown = 4;
const viewport = { width: 390, height: 844 };
const scrollTimeoutMs = 180_000;
/** Cold loads per page for the first row: the figure is their median (one load varies a lot). */
const firstRowLoads = 5;

type Snapshot = {
  /** Every node in the document (elements, text, comments). */
  documentNodes: number;
  /** Blink's count of DOM nodes alive, detached ones not yet collected included. */
  blinkNodes: number;
  rowsInDom: number;
  heapMb: number;
};

export type BrowserFigures = {
  path: string;
  who: string;
  firstItemMs: number | null;
  /** Every cold load's first row, the median of which is firstItemMs. */
  firstItemSamples: number[];
  /** When the list's first API answer had arrived (responseEnd, from navigation start). */
  apiAnsweredMs: number | null;
  atFirst: Snapshot | null;
  afterScroll: (Snapshot & { lastRow: number; seconds: number; loadMoreClicks: number }) | null;
  error?: string;
};

// Runs in the page before its own scripts: the time (from navigation start) at which the first
// row is in the document with a size, taken on the next animation frame (when it is drawn).
const watchFirstRow = `
  window.__firstRowAt = null;
  const waitForSize = () => {
    const row = document.querySelector('li[data-index]');
    if (row && row.getBoundingClientRect().height > 0) window.__firstRowAt = performance.now();
    else requestAnimationFrame(waitForSize);
  };
  new MutationObserver((_, observer) => {
    if (!document.querySelector('li[data-index]')) return;
    observer.disconnect();
    requestAnimationFrame(waitForSize);
  }).observe(document, { childList: true, subtree: true });
`;

async function snapshot(page: Page, cdp: CDPSession): Promise<Snapshot> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  const metric = (name: string) => metrics.find((entry) => entry.name === name)?.value ?? 0;
  const { documentNodes, rowsInDom } = await page.evaluate(() => {
    const walker = document.createTreeWalker(document, NodeFilter.SHOW_ALL);
    let count = 0;
    while (walker.nextNode()) count += 1;
    return { documentNodes: count, rowsInDom: document.querySelectorAll('li[data-index]').length };
  });
  return {
    documentNodes,
    blinkNodes: metric('Nodes'),
    rowsInDom,
    heapMb: metric('JSHeapUsedSize') / 2 ** 20,
  };
}

/** Scrolls the list's scroller (a box, or the page) until row `rowsToScroll - 1` is drawn. */
async function scrollThrough(page: Page) {
  const started = performance.now();
  let lastRow = -1;
  let stalledSince = performance.now();
  let loadMoreClicks = 0;
  while (performance.now() - started < scrollTimeoutMs) {
    const row = await page.evaluate(() => {
      const rows = [...document.querySelectorAll<HTMLElement>('li[data-index]')];
      const last = Math.max(-1, ...rows.map((item) => Number(item.dataset.index)));
      const list = rows[0]?.closest('ul');
      let scroller: Element | null = list?.parentElement ?? null;
      while (scroller && scroller !== document.body) {
        const style = getComputedStyle(scroller);
        if (
          /(auto|scroll)/.test(style.overflowY) &&
          scroller.scrollHeight > scroller.clientHeight
        ) {
          break;
        }
        scroller = scroller.parentElement;
      }
      if (scroller && scroller !== document.body) scroller.scrollBy(0, scroller.clientHeight * 0.8);
      else window.scrollBy(0, window.innerHeight * 0.8);
      return last;
    });
    if (row >= rowsToScroll - 1) {
      lastRow = row;
      break;
    }
    if (row > lastRow) {
      lastRow = row;
      stalledSince = performance.now();
    } else if (performance.now() - stalledSince > 3000) {
      // No new rows for 3 s at the end of what is loaded: ask with the button, as a person can.
      const button = page.getByRole('button', { name: /load more/i }).first();
      if (await button.isVisible().catch(() => false)) {
        await button.click();
        loadMoreClicks += 1;
      }
      stalledSince = performance.now();
    }
    await page.waitForTimeout(60);
  }
  return { lastRow, seconds: (performance.now() - started) / 1000, loadMoreClicks };
}

/** The list request each page makes first. */
const apiPathOf: Record<string, string> = {
  '/journal-entries': '/api/journal',
  '/saved-verses': '/api/saved-verses',
  '/notes': '/api/notes',
  '/prayer': '/api/prayers',
  '/testimony': '/api/testimonies',
};

/** How a page is named in the report: a group's page by its pattern, not its id. */
function shownPath(path: string): string {
  return path.startsWith('/groups/') ? '/groups/:id (the group of 500)' : path;
}

/** A group page's first list request: its prayer wall's first page. */
function groupWallApi(path: string): string {
  return path.startsWith('/groups/') ? `/api${path}/posts` : '';
}

async function measurePage(
  context: BrowserContext,
  origin: string,
  path: string,
  who: string,
  { scroll }: { scroll: boolean },
): Promise<BrowserFigures> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.addInitScript(watchFirstRow);
    await page.goto(origin + path, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => (window as unknown as { __firstRowAt: number | null }).__firstRowAt !== null,
      undefined,
      { timeout: 30_000, polling: 100 },
    );
    const firstItemMs = await page.evaluate(
      () => (window as unknown as { __firstRowAt: number }).__firstRowAt,
    );
    const apiAnsweredMs = await page.evaluate(
      (apiPath) => {
        const entry = performance
          .getEntriesByType('resource')
          .find((item) => new URL(item.name).pathname === apiPath);
        return entry ? (entry as PerformanceResourceTiming).responseEnd : null;
      },
      apiPathOf[path] ?? groupWallApi(path),
    );
    const atFirst = await snapshot(page, cdp);
    const afterScroll = scroll
      ? { ...(await scrollThrough(page)), ...(await snapshot(page, cdp)) }
      : null;
    return {
      path,
      who,
      firstItemMs,
      firstItemSamples: [firstItemMs],
      apiAnsweredMs,
      atFirst,
      afterScroll,
    };
  } catch (error) {
    return {
      path,
      who,
      firstItemMs: null,
      firstItemSamples: [],
      apiAnsweredMs: null,
      atFirst: null,
      afterScroll: null,
      error: error instanceof Error ? error.message.split('\n')[0] : String(error),
    };
  } finally {
    await page.close();
  }
}

/** Each page in a fresh context (cold cache, as on a first visit), one after another. */
export async function measureListBrowser(server: SeededServer): Promise<BrowserFigures[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  const figures: BrowserFigures[] = [];
  try {
    const pages = [
      { path: '/journal-entries', who: 'member' },
      { path: '/saved-verses', who: 'member' },
      { path: '/notes', who: 'member' },
      { path: '/prayer', who: 'member' },
      { path: '/testimony', who: 'visitor' },
      // The group of 500 members, 10,000 requests and 50,000 "I prayed" (bench/group-seed.ts).
      { path: `/groups/${server.groupId}`, who: 'member' },
    ];
    for (const { path, who } of pages) {
      console.log(`  browser: ${path}`);
      // A few cold loads for the first row, then one more that scrolls through the list.
      const loads: BrowserFigures[] = [];
      for (let load = 0; load <= firstRowLoads; load += 1) {
        const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
        try {
          if (who === 'member') {
            const [name = '', value = ''] = server.member.cookie.split(/=(.*)/s);
            await context.addCookies([{ name, value, url: server.url }]);
          }
          loads.push(
            await measurePage(context, server.url, path, who, { scroll: load === firstRowLoads }),
          );
        } finally {
          await context.close();
        }
      }
      const last = loads.at(-1) as BrowserFigures;
      const samples = loads.slice(0, firstRowLoads).flatMap((load) => load.firstItemSamples);
      const sorted = [...samples].sort((a, b) => a - b);
      figures.push({
        ...last,
        firstItemSamples: samples,
        firstItemMs: sorted.length > 0 ? (sorted[Math.floor(sorted.length / 2)] ?? null) : null,
      });
    }
  } finally {
    await browser.close();
  }
  return figures;
}

const check = (value: number, target: number) => (value <= target ? 'met' : '**not met**');

export function reportListBrowser(say: Say, figures: BrowserFigures[], version: string): void {
  say('### Long lists in the browser');
  say();
  say(
    `${version} headless (playwright-core), ${viewport.width}×${viewport.height} px, CPU slowed ${cpuSlowdown}× ` +
      '(CDP `Emulation.setCPUThrottlingRate`; the network is loopback, not throttled), a fresh browser context per page, ' +
      'the SQLite server with the seed above (`npm start` defaults, built client). ' +
      `"First row" is the median of ${firstRowLoads} cold loads (each in a fresh context: a new renderer, an empty cache), with the fastest and slowest in brackets; the other figures are from one more load, which then scrolls. ` +
      '"List API answered" is when the first answer of the list\'s API had arrived (Resource Timing `responseEnd`). "First row" is the time from navigation start to the animation frame after the first `li[data-index]` of the list ' +
      "is in the document with a size (a MutationObserver injected before the page's scripts). " +
      '"DOM nodes" counts every node in the document (elements, text, comments); "Blink nodes" is `Performance.getMetrics` ' +
      '`Nodes` (live node objects, detached ones not yet collected included); "JS heap" is `JSHeapUsedSize`, no garbage ' +
      `collection forced. Then the list's scroller (its box, or the page) is scrolled by 80% of a screen every 60 ms until row ${rowsToScroll} is drawn ` +
      '(the list loads pages as it nears the end; the "Load more" button is pressed if no new row came for 3 s). ' +
      `Targets: first row ≤ ${targets.firstItemMs} ms, ≤ ${targets.nodes.toLocaleString('en-US')} DOM nodes, ≤ ${targets.heapMb} MB JS heap; ` +
      `after ${rowsToScroll} rows ≤ ${targets.nodesAfterScroll.toLocaleString('en-US')} DOM nodes.`,
  );
  say();
  say(
    '| Page | As | First row | List API answered | DOM nodes | Blink nodes | Rows in DOM | JS heap | After scrolling: last row | DOM nodes | Blink nodes | Rows in DOM | JS heap | Time to scroll |',
  );
  say(
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  const verdicts: string[] = [];
  for (const figure of figures) {
    const { atFirst, afterScroll, firstItemMs } = figure;
    if (!atFirst || firstItemMs === null) {
      say(
        `| ${shownPath(figure.path)} | ${figure.who} | **not measured**: ${figure.error ?? ''} | | | | | | | | | | | |`,
      );
      verdicts.push(
        `${shownPath(figure.path)}: not measured (${figure.error ?? 'no list row appeared'})`,
      );
      continue;
    }
    const after = afterScroll
      ? `${afterScroll.lastRow + 1} | ${afterScroll.documentNodes.toLocaleString('en-US')} | ${afterScroll.blinkNodes.toLocaleString('en-US')} | ${afterScroll.rowsInDom} | ${afterScroll.heapMb.toFixed(1)} MB | ${afterScroll.seconds.toFixed(1)} s${afterScroll.loadMoreClicks ? ` (${afterScroll.loadMoreClicks} Load more)` : ''}`
      : '| | | | |';
    say(
      `| ${shownPath(figure.path)} | ${figure.who} | ${Math.round(firstItemMs)} ms (${Math.round(Math.min(...figure.firstItemSamples))}–${Math.round(Math.max(...figure.firstItemSamples))}) | ${figure.apiAnsweredMs === null ? 'none: in the page' : `${Math.round(figure.apiAnsweredMs)} ms`} | ${atFirst.documentNodes.toLocaleString('en-US')} | ` +
        `${atFirst.blinkNodes.toLocaleString('en-US')} | ${atFirst.rowsInDom} | ${atFirst.heapMb.toFixed(1)} MB | ${after} |`,
    );
    const parts = [
      `first row ${Math.round(firstItemMs)} ms ${check(firstItemMs, targets.firstItemMs)}`,
      `${atFirst.documentNodes.toLocaleString('en-US')} nodes ${check(atFirst.documentNodes, targets.nodes)}`,
      `heap ${atFirst.heapMb.toFixed(1)} MB ${check(atFirst.heapMb, targets.heapMb)}`,
    ];
    if (afterScroll) {
      const reached = afterScroll.lastRow + 1 >= rowsToScroll;
      parts.push(
        reached
          ? `after ${rowsToScroll} rows ${afterScroll.documentNodes.toLocaleString('en-US')} nodes ${check(afterScroll.documentNodes, targets.nodesAfterScroll)}`
          : `**reached only row ${afterScroll.lastRow + 1} of ${rowsToScroll} in ${scrollTimeoutMs / 1000} s** (${afterScroll.documentNodes.toLocaleString('en-US')} nodes)`,
      );
    }
    verdicts.push(`${shownPath(figure.path)}: ${parts.join(', ')}`);
  }
  say();
  for (const line of verdicts) say(`- ${line}.`);
  say();
}

export function chromiumVersion(): Promise<string> {
  return chromium
    .launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox'],
    })
    .then(async (browser) => {
      const version = browser.version();
      await browser.close();
      return `Chromium ${version}`;
    });
}
