import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** True when the element the locator finds is the one with keyboard focus. */
export async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

type FocusStop = { described: string; isObscured: boolean; isSameAsBefore: boolean };
type FocusReport = {
  /** How the focused element shows its focus (see focusIndicator); null when it does not. */
  indicator: string | null;
  /** The focused element, as a failure message names it. */
  described: string;
  /** Where a walk's step landed (see step); only when asked for. */
  landing?: 'page' | 'again' | FocusStop;
};

/**
 * Runs in the page: what the focused element is and how it shows its focus, and, when `walk` is
 * given, what step() needs to know about it, all in one round trip to the browser (a walk makes
 * one per stop, thousands in keyboard.test.ts).
 */
function reportFocus(walk: { isFirst: boolean } | null): FocusReport {
  const focused = document.activeElement;
  const describe = (element: Element | null, withName: boolean) => {
    if (!element) return 'nothing';
    const name =
      element.getAttribute('aria-label') ??
      (withName ? element.getAttribute('name') : null) ??
      element.textContent?.trim().slice(0, 40);
    const type = withName ? element.getAttribute('type') : null;
    const tag = `${element.tagName.toLowerCase()}${type ? ` type=${type}` : ''}`;
    return `<${tag}> "${name ?? ''}"`;
  };
  // An outline, or a box-shadow ring (a shadow with a spread, as Tailwind's `ring` draws; a soft
  // drop shadow without spread does not count). A visually hidden radio or checkbox may show it
  // on the label that wraps it.
  const indicator = (() => {
    if (!focused || focused === document.body) return null;
    const isTransparent = (color: string) =>
      color === 'transparent' || /\/\s*0\)$|,\s*0\)$/.test(color);
    const indicatorOf = (element: Element): string | null => {
      const style = getComputedStyle(element);
      if (
        style.outlineStyle !== 'none' &&
        parseFloat(style.outlineWidth) >= 1 &&
        !isTransparent(style.outlineColor)
      ) {
        return `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`;
      }
      // "color x y blur spread" per shadow, shadows separated by commas outside parentheses.
      const shadows = style.boxShadow === 'none' ? [] : style.boxShadow.split(/,(?![^(]*\))/);
      const ring = shadows.find((shadow) => {
        const lengths = [...shadow.matchAll(/(-?[\d.]+)px/g)].map((match) => Number(match[1]));
        const color = shadow
          .replace(/(-?[\d.]+)px/g, '')
          .replace('inset', '')
          .trim();
        return lengths.length === 4 && (lengths[3] ?? 0) >= 1 && !isTransparent(color);
      });
      return ring ? `ring ${ring.trim()}` : null;
    };
    const label = focused.closest('label');
    return indicatorOf(focused) ?? (label ? indicatorOf(label) : null);
  })();
  if (!walk) return { indicator, described: describe(focused, false) };

  const store = window as unknown as { focusWalk?: { seen: WeakSet<Element>; last?: Element } };
  if (walk.isFirst || !store.focusWalk) store.focusWalk = { seen: new WeakSet() };
  const seen = store.focusWalk;
  if (!focused || focused === document.body) return { indicator, described: '', landing: 'page' };
  const isSameAsBefore = seen.last === focused;
  if (!isSameAsBefore && seen.seen.has(focused)) {
    return { indicator, described: '', landing: 'again' };
  }
  seen.seen.add(focused);
  seen.last = focused;
  // WCAG 2.4.11: some part of the stop (or of the label drawn for a hidden input) must be
  // the topmost thing on screen, not under the sticky header or anything else.
  const label = focused.closest('label');
  const target = label && focused.getBoundingClientRect().width <= 1 ? label : focused;
  const rect = target.getClientRects()[0] ?? target.getBoundingClientRect();
  const inset = (from: number, to: number) => {
    const margin = Math.min(2, (to - from) / 2);
    return [from + margin, to - margin] as const;
  };
  const [left, right] = inset(rect.left, rect.right);
  const [top, bottom] = inset(rect.top, rect.bottom);
  const points = [
    [(rect.left + rect.right) / 2, (rect.top + rect.bottom) / 2],
    [left, top],
    [right, top],
    [left, bottom],
    [right, bottom],
  ] as const;
  const isObscured = !points.some(([x, y]) => {
    const hit = document.elementFromPoint(x, y);
    return hit !== null && target.contains(hit);
  });
  const described = describe(focused, true);
  return { indicator, described, landing: { described, isObscured, isSameAsBefore } };
}

/**
 * How the focused element shows its focus: an outline, or a box-shadow ring (a shadow with a
 * spread, as Tailwind's `ring` draws; a soft drop shadow without spread does not count). A
 * visually hidden radio or checkbox may show it on the label that wraps it. Null when none.
 */
export async function focusIndicator(page: Page): Promise<string | null> {
  return (await page.evaluate(reportFocus, null)).indicator;
}

/** Fails unless the focused element draws a visible focus indicator. */
export async function expectVisibleFocus(page: Page): Promise<void> {
  const { indicator, described } = await page.evaluate(reportFocus, null);
  expect(indicator, `no visible focus on ${described}`).not.toBeNull();
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, then checks that the focus is visible.
 * Fails after `limit` presses: a control the keyboard cannot reach is a bug.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, limit = 80 }: { backwards?: boolean; limit?: number } = {},
): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await isFocused(target)) {
      await expectVisibleFocus(page);
      return;
    }
  }
  throw new Error(`${limit} presses of Tab never reached ${target.toString()}`);
}

/** Waits until the element the locator finds has focus (after Escape, a dialog closing…). */
export async function expectFocused(target: Locator): Promise<void> {
  await expect.poll(() => isFocused(target)).toBe(true);
}

type Landing = 'page' | 'again' | (FocusStop & { indicator: string | null });

/**
 * Moves focus one stop with `key` and reports where it landed: 'page' when it left the
 * document (past the first or last stop), 'again' back on an earlier stop, else what the stop
 * looks like (a time field has a stop per part: the same element several times in a row).
 * The first call starts a fresh walk.
 */
async function step(page: Page, key: string, isFirst: boolean): Promise<Landing> {
  await page.keyboard.press(key);
  const { landing, indicator } = await page.evaluate(reportFocus, { isFirst });
  if (landing === undefined) throw new Error('reportFocus gave no landing for a walk step');
  if (typeof landing === 'string') return landing;
  return { ...landing, indicator };
}

/**
 * Walks the whole page with `key` (Shift+Tab by default: going back up a page is what a sticky
 * header can hide things from) and fails on any stop without a visible focus indicator or
 * hidden entirely. Returns how many elements take focus.
 */
export async function walkFocusOrder(page: Page, key = 'Shift+Tab', limit = 400): Promise<number> {
  const problems = new Set<string>();
  let stops = 0;
  for (let press = 0; press < limit; press += 1) {
    const landed = await step(page, key, press === 0);
    if (landed === 'again') break;
    if (landed === 'page') {
      if (stops > 0) break;
      continue;
    }
    if (!landed.isSameAsBefore) stops += 1;
    if (landed.indicator === null) problems.add(`no visible focus on ${landed.described}`);
    if (landed.isObscured) problems.add(`${landed.described} is hidden behind other content`);
  }
  expect([...problems], `focus problems on ${page.url()}`).toEqual([]);
  return stops;
}

/**
 * WCAG 1.4.11: the contrast of the focused element's focus indicator against what it is drawn
 * on. An outline outside the element (offset ≥ 0) sits on the background of the nearest
 * ancestors that paint one; an inset outline sits on the element's own background. Colours are
 * resolved by painting them on a canvas, so oklch, alpha and `color-mix` all count as drawn.
 * Null when the focused element shows no outline.
 */
export async function focusOutlineContrast(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return null;
    const style = getComputedStyle(focused);
    if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) < 1) return null;

    // The backgrounds under the outline, innermost first, down to the first opaque one.
    const layers: string[] = [];
    let element: Element | null =
      parseFloat(style.outlineOffset) < 0 ? focused : focused.parentElement;
    for (; element; element = element.parentElement) {
      const color = getComputedStyle(element).backgroundColor;
      if (color === 'transparent' || /,\s*0\)$|\/\s*0\)$/.test(color)) continue;
      layers.push(color);
      if (!/,\s*0?\.\d+\)$|\/\s*0?\.\d+\)$/.test(color)) break;
    }

    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2d canvas');
    const paint = (color: string) => {
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b];
    };
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const linear = (channel: number) => {
        const c = channel / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };

    let background = paint('white');
    for (const layer of layers.reverse()) background = paint(layer);
    const indicator = paint(style.outlineColor);
    const [lighter, darker] = [luminance(background), luminance(indicator)].sort((a, b) => b - a);
    return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
  });
}
