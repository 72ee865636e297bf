/**
 * The prayer list (docs/product.md §/prayer, decision 025): how long a request's words may be.
 * Details take as much as a prayer saved from /prayer always could (the journal's 20,000), so a
 * prayer carried over from the journal (migration 0018) can be edited without being cut.
 */
export const prayerLimits = {
  title: 120,
  details: 20_000,
  person: 120,
  verseReference: 100,
  answerNote: 2_000,
} as const;

/** A prayer saved from /prayer without a title takes its first line, cut to the title's length. */
export function titleFromPrayer(text: string): string {
  const line = text
    .split(/\r?\n/)
    .map((part) => part.trim())
    .find((part) => part !== '');
  return Array.from(line ?? '')
    .slice(0, prayerLimits.title)
    .join('')
    .trim();
}

/** Whole days from the day a request was made to the day it was answered (both local dates). */
export function daysBetween(from: string, to: string): number {
  const [a, b] = [Date.parse(`${from}T00:00:00Z`), Date.parse(`${to}T00:00:00Z`)];
  return Math.max(0, Math.round((b - a) / 86_400_000));
}
