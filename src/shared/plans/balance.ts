// Cuts a run of chapters into plan days of even length in verses, not chapters (decision 016): a day
// of Genesis 1–3 (80 verses) and a day of Psalms 117–119 (207) are not the same reading. Whole
// chapters alone cannot be even (Psalm 119 has 176 verses, the two-year plan's days ~43), so a
// day may start or end inside a chapter, where the text breaks best.
import { books } from '#shared/bible/books.ts';
import { verseCount } from '#shared/bible/verse-counts.ts';
import type { PlanReading } from '#shared/schemas/plans.ts';
import { paragraphStarts } from './paragraph-starts.ts';

/** How far a day may be from its target, as a share of the mean day (product.md §4: 24%). */
export const maxDayDeviation = 0.24;

/** A whole chapter, or verses first to last of it; a single psalm is named 'Psalm 23'. */
export function planReading(
  book: number,
  chapter: number,
  part?: { first: number; last: number },
): PlanReading {
  const name = books[book]?.name === 'Psalms' ? 'Psalm' : (books[book]?.name ?? '');
  if (!part) return { book_index: book, chapter, verses: null, label: `${name} ${chapter}` };
  const { first, last } = part;
  const range = first === last ? `${first}` : `${first}–${last}`;
  return {
    book_index: book,
    chapter,
    verses: `${first}-${last}`,
    label: `${name} ${chapter}:${range}`,
  };
}

/** A chapter of a plan's run, with the verses after its first where a reading may best start. */
export type Chapter = { book: number; chapter: number; verses: number; breaks: readonly number[] };

const psalms = books.findIndex((book) => book.name === 'Psalms');
/** Psalm 119's 22 stanzas of eight verses, one a letter of the Hebrew alphabet. */
const psalm119Stanzas = Array.from({ length: 21 }, (_, index) => 9 + index * 8);

/** Every chapter of the books, in order. */
export function chaptersOf(bookIndexes: readonly number[]): Chapter[] {
  return bookIndexes.flatMap((book) =>
    Array.from({ length: books[book]?.chapters ?? 0 }, (_, index) => {
      const chapter = index + 1;
      const breaks =
        book === psalms && chapter === 119
          ? psalm119Stanzas
          : (paragraphStarts[book] ?? [])
              .filter((start) => Math.floor(start / 1000) === chapter)
              .map((start) => start % 1000);
      return { book, chapter, verses: verseCount(book, chapter), breaks };
    }),
  );
}

/** What ending a day at a place costs: after a chapter nothing, before a paragraph a little. */
const cutCost = { chapterEnd: 0, paragraph: 1, verse: 3 } as const;

/** costs[n]: the cost of ending a day after the run's first n verses. */
function cutCosts(chapters: readonly Chapter[]): Uint8Array {
  const total = chapters.reduce((sum, { verses }) => sum + verses, 0);
  const costs = new Uint8Array(total + 1).fill(cutCost.verse);
  let start = 0;
  for (const { verses, breaks } of chapters) {
    costs[start] = cutCost.chapterEnd;
    for (const verse of breaks) costs[start + verse - 1] = cutCost.paragraph;
    start += verses;
  }
  costs[total] = cutCost.chapterEnd;
  return costs;
}

/** The places a cut may be, the least cost of a path to each, and the cut before on that path. */
type Window = { from: number; cost: Float64Array; back: Int32Array };

/**
 * The days' readings: the chapters read in order, day d about targets[d] verses and never more
 * than `tolerance` verses off it. The cuts between days are chosen together, by dynamic
 * programming over the verses near each cut's ideal place (the sum of the targets before it):
 * first to end as many days as possible after a chapter or else before a paragraph, then to keep
 * the days even.
 */
export function balanceDays(
  chapters: readonly Chapter[],
  targets: readonly number[],
  tolerance: number,
): PlanReading[][] {
  const costs = cutCosts(chapters);
  const total = costs.length - 1;
  // A cut may drift from its ideal place by twice the tolerance: room to reach a chapter's end a
  // few days away, while the work stays small (days × window × tolerance).
  const drift = 2 * tolerance;
  // windows[k]: where cut k (after day k) may be; cut 0 is the start.
  const windows: Window[] = [{ from: 0, cost: Float64Array.of(0), back: Int32Array.of(0) }];
  let ideal = 0;
  for (const [day, target] of targets.entries()) {
    ideal += target;
    const lastDay = day === targets.length - 1;
    const from = lastDay ? total : Math.max(1, Math.ceil(ideal - drift));
    const to = lastDay ? total : Math.min(total, Math.floor(ideal + drift));
    if (from > to) throw new Error(`No even split of ${total} verses into ${targets.length} days`);
    const goal = { target, tolerance, weight: 1 / targets.length };
    windows.push(nextWindow(windows[day] as Window, from, to, goal, costs));
  }

  const cuts = [total];
  for (const window of windows.slice(1).reverse()) {
    const at = (cuts[0] as number) - window.from;
    if (!Number.isFinite(window.cost[at])) {
      throw new Error(`No even split of ${total} verses into ${targets.length} days`);
    }
    cuts.unshift(window.back[at] as number);
  }
  return cuts.slice(1).map((end, day) => readingsBetween(chapters, cuts[day] as number, end));
}

/** The best path to each place from..to of the next cut, from the places of the one before. */
function nextWindow(
  before: Window,
  from: number,
  to: number,
  { target, tolerance, weight }: { target: number; tolerance: number; weight: number },
  costs: Uint8Array,
): Window {
  const cost = new Float64Array(to - from + 1).fill(Infinity);
  const back = new Int32Array(to - from + 1).fill(-1);
  const beforeLast = before.from + before.cost.length - 1;
  for (let cut = from; cut <= to; cut++) {
    // The day from `start` to `cut` is within `tolerance` of its target and not empty.
    const first = Math.max(before.from, Math.ceil(cut - target - tolerance));
    const last = Math.min(beforeLast, Math.floor(cut - target + tolerance), cut - 1);
    let best = Infinity;
    let bestStart = -1;
    for (let start = first; start <= last; start++) {
      const off = (cut - start - target) / tolerance;
      // Evenness counts for less than one cut's kind: off² ≤ 1 a day, times 1 / the days.
      const sum = (before.cost[start - before.from] as number) + off * off * weight;
      if (sum < best) {
        best = sum;
        bestStart = start;
      }
    }
    cost[cut - from] = best + (costs[cut] as number);
    back[cut - from] = bestStart;
  }
  return { from, cost, back };
}

/** The readings of the verses after the run's first `from`, up to its `to`th. */
function readingsBetween(chapters: readonly Chapter[], from: number, to: number): PlanReading[] {
  const readings: PlanReading[] = [];
  let start = 0;
  for (const { book, chapter, verses } of chapters) {
    if (start >= to) break;
    const first = Math.max(from, start) - start + 1;
    const last = Math.min(to, start + verses) - start;
    if (first === 1 && last === verses) readings.push(planReading(book, chapter));
    else if (first <= last) readings.push(planReading(book, chapter, { first, last }));
    start += verses;
  }
  return readings;
}
