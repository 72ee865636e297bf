import { findVerseThemes, verseThemes } from '../../../../shared/content/verse-themes.ts';
import type { SavedVerse } from '../../../../shared/schemas/verses.ts';

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

/**
 * product §5: the chip matches the theme or the emotion tag, whatever the case. It matches a whole
 * word or the start of one, so that 'Strength' finds the daily verse's 'Courage and Strength'
 * and 'Joy' the feeling page's 'joyful', while 'Love' does not find 'beloved'. It also matches
 * the themes of the verse itself (issue 21 item 12): saved themes are mostly a mood or 'Bible
 * Reading', which name no chip, so John 3:16 from the reader is found under Love.
 */
export function matchesThemeChip(verse: FilterableVerse, chip: ThemeChip): boolean {
  if (chip === 'All') return true;
  const wanted = chip.toLowerCase();
  const isNamed = [verse.theme, verse.emotion_tag ?? ''].some((field) =>
    field
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .some((word) => word.startsWith(wanted)),
  );
  return isNamed || findVerseThemes(verse).includes(chip);
}

/** Both filters together; the order is left as it is (newest first). */
export function filterSavedVerses<T extends FilterableVerse>(
  verses: readonly T[],
  { search, theme }: { search: string; theme: ThemeChip },
): T[] {
  return verses.filter((verse) => matchesSearch(verse, search) && matchesThemeChip(verse, theme));
}
