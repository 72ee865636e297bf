import { hasVerseTheme, verseThemes } from '#shared/content/verse-themes.ts';
import type { SavedVerse } from '#shared/schemas/verses.ts';

/** product §2: the theme chips, 'All' first (no theme filter). */
export const themeChips = ['All', ...verseThemes] as const;
export type ThemeChip = (typeof themeChips)[number];

/** The chip a query-string value names (any case), or 'All'. */
export function parseThemeChip(value: string | null): ThemeChip {
  const wanted = value?.trim().toLowerCase();
  return themeChips.find((chip) => chip.toLowerCase() === wanted) ?? 'All';
}

/** The search term as the page uses it: surrounding spaces and case do not count. */
export function normaliseSearchTerm(term: string): string {
  return term.trim().toLowerCase();
}

type FilterableVerse = Pick<SavedVerse, 'text' | 'reference' | 'theme' | 'emotion_tag'>;

/** product §5: a case-insensitive substring of the text, the reference or the emotion tag. */
export function matchesSearch(verse: FilterableVerse, term: string): boolean {
  const needle = normaliseSearchTerm(term);
  if (!needle) return true;
  return [verse.text, verse.reference, verse.emotion_tag ?? ''].some((field) =>
    field.toLowerCase().includes(needle),
  );
}

/** product §5: 'All' keeps every verse; any other chip, the verses of its theme (hasVerseTheme). */
export function matchesThemeChip(verse: FilterableVerse, chip: ThemeChip): boolean {
  return chip === 'All' || hasVerseTheme(verse, chip);
}

/** Both filters together; the order is left as it is (newest first). */
export function filterSavedVerses<T extends FilterableVerse>(
  verses: readonly T[],
  { search, theme }: { search: string; theme: ThemeChip },
): T[] {
  return verses.filter((verse) => matchesSearch(verse, search) && matchesThemeChip(verse, theme));
}
