// The plan library (decision 016): seven plans worked out from the books' verse counts, the same on
// the server (GET /api/plans) and wherever else they are shown. Pure code, no I/O. The first is
// the reader's reading plan, the whole Bible a chapter at a time at one's own pace (decision 022).
import { books } from '#shared/bible/books.ts';
import { verseCount } from '#shared/bible/verse-counts.ts';
import type { PlanDay, PlanReading, PlanSummary } from '#shared/schemas/plans.ts';
import { balanceDays, chaptersOf, maxDayDeviation, planReading } from './balance.ts';
import { mcheyneDays } from './mcheyne.ts';

export const libraryPlanIds = [
  'whole-bible',
  'bible-in-a-year',
  'nt-90',
  'gospels-30',
  'psalms-proverbs-month',
  'bible-in-two-years',
  'mcheyne',
] as const;
export type LibraryPlanId = (typeof libraryPlanIds)[number];

/** Only the ids above: a Set, so '__proto__' or 'toString' is no plan. */
const planIdSet: ReadonlySet<string> = new Set(libraryPlanIds);

export function isLibraryPlanId(id: string): id is LibraryPlanId {
  return planIdSet.has(id);
}

const bookIndex = (name: string) => books.findIndex((book) => book.name === name);
/** Book indexes first to last, both included. */
const bookRange = (first: string, last: string) =>
  Array.from({ length: bookIndex(last) - bookIndex(first) + 1 }, (_, i) => bookIndex(first) + i);

/** The books read straight through in `days` days, each day about the same number of verses. */
function throughBooks(bookIndexes: readonly number[], days: number): PlanReading[][] {
  const chapters = chaptersOf(bookIndexes);
  const mean = chapters.reduce((sum, { verses }) => sum + verses, 0) / days;
  return balanceDays(chapters, Array<number>(days).fill(mean), mean * maxDayDeviation);
}

/**
 * A Proverbs chapter a day (31, one for each day of the longest month) and the Psalms shared
 * out around it, so that each day's two readings together are about the same length: a day of
 * a long Proverbs chapter gets fewer psalms.
 */
function psalmsAndProverbs(): PlanReading[][] {
  const proverbs = chaptersOf([bookIndex('Proverbs')]);
  const psalms = chaptersOf([bookIndex('Psalms')]);
  const total = [...proverbs, ...psalms].reduce((sum, { verses }) => sum + verses, 0);
  const mean = total / proverbs.length;
  const psalmDays = balanceDays(
    psalms,
    proverbs.map(({ verses }) => mean - verses),
    mean * maxDayDeviation,
  );
  return psalmDays.map((readings, index) => {
    const proverb = proverbs[index] as (typeof proverbs)[number];
    return [...readings, planReading(proverb.book, proverb.chapter)];
  });
}

/** Every chapter of the Bible, one a day, Genesis 1 first. */
function chapterADay(): PlanReading[][] {
  return chaptersOf(bookRange('Genesis', 'Revelation')).map(({ book, chapter }) => [
    planReading(book, chapter),
  ]);
}

type LibraryPlan = {
  title: string;
  description: string;
  readings: () => PlanReading[][];
  /** No dates: the first day not done is always the one asked for (decision 022). */
  selfPaced?: true;
};

/** The reader's reading plan (docs/product.md, Progress and reading plans). */
export const readingPlanId = 'whole-bible' satisfies LibraryPlanId;

const plans: Record<LibraryPlanId, LibraryPlan> = {
  'whole-bible': {
    title: 'The Whole Bible, a Chapter at a Time',
    description:
      'Read the whole Bible, one chapter at a time, at your own pace: the next chapter waits for you however often you read, and reading it moves you on.',
    readings: chapterADay,
    selfPaced: true,
  },
  'bible-in-a-year': {
    title: 'The Bible in a Year',
    description:
      'Genesis to Revelation in 365 days, in the order of the books, each day about 85 verses.',
    readings: () => throughBooks(bookRange('Genesis', 'Revelation'), 365),
  },
  'nt-90': {
    title: 'The New Testament in 90 Days',
    description:
      'Matthew to Revelation in three months, in the order of the books, each day about 88 verses.',
    readings: () => throughBooks(bookRange('Matthew', 'Revelation'), 90),
  },
  'gospels-30': {
    title: 'The Gospels in 30 Days',
    description:
      'The life of Jesus as Matthew, Mark, Luke and John tell it, in a month: about 126 verses a day, most days three chapters, some two, four or five.',
    readings: () => throughBooks(bookRange('Matthew', 'John'), 30),
  },
  'psalms-proverbs-month': {
    title: 'Psalms and Proverbs in a Month',
    description:
      'A chapter of Proverbs a day with a share of the Psalms, so that in 31 days you read all 150 psalms and the whole of Proverbs.',
    readings: psalmsAndProverbs,
  },
  'bible-in-two-years': {
    title: 'The Bible in Two Years',
    description: 'Genesis to Revelation at a gentler pace: 730 days, each about 43 verses.',
    readings: () => throughBooks(bookRange('Genesis', 'Revelation'), 730),
  },
  mcheyne: {
    title: "M'Cheyne's One-Year Calendar",
    description:
      "Robert Murray M'Cheyne's calendar of 1842: four readings a day, two for the family and two for alone, through the Old Testament once and the New Testament and the Psalms twice in a year.",
    readings: () => mcheyneDays().map((day) => day.readings),
  },
};

const daysCache = new Map<LibraryPlanId, readonly PlanDay[]>();

/** A plan's days, day 1 first. Worked out once a plan; callers must not change them. */
export function libraryPlanDays(id: LibraryPlanId): readonly PlanDay[] {
  let days = daysCache.get(id);
  if (!days) {
    days = plans[id].readings().map((readings, index) => ({
      day: index + 1,
      readings,
      prompt: null,
      focus: null,
    }));
    daysCache.set(id, days);
  }
  return days;
}

/**
 * The chapters a plan reads, each time it reads one through: a whole chapter counts once, and a
 * chapter read in parts counts once, with the part that reaches its last verse.
 */
function chaptersRead(days: readonly PlanDay[]): number {
  let count = 0;
  for (const { readings } of days) {
    for (const { book_index: book, chapter, verses } of readings) {
      const last = verses === null ? null : Number(verses.split('-')[1]);
      if (last === null || last === verseCount(book, chapter)) count += 1;
    }
  }
  return count;
}

const summaryCache = new Map<LibraryPlanId, PlanSummary>();

/** A plan without its days (a copy: the caller may change it). */
export function libraryPlanSummary(id: LibraryPlanId): PlanSummary {
  let summary = summaryCache.get(id);
  if (!summary) {
    const { title, description, selfPaced } = plans[id];
    const days = libraryPlanDays(id);
    summary = {
      id,
      kind: 'library',
      title,
      description,
      days: days.length,
      chapters: chaptersRead(days),
      mood: null,
      self_paced: selfPaced === true,
    };
    summaryCache.set(id, summary);
  }
  return { ...summary };
}

/** The library, in the order of libraryPlanIds. */
export function libraryPlans(): PlanSummary[] {
  return libraryPlanIds.map(libraryPlanSummary);
}
