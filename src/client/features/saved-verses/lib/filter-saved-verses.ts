// The saved verses' search and chips, as the screen uses them. Which chips a verse shows under
// is the rule of verse-themes.ts, which the server runs for a member's list (decision 012); a
// visitor's two examples carry theirs, so the screen does not carry that rule's data.
import type { DemoSavedVerse } from '#shared/content/demo-verses.ts';
import { verseThemes } from '#shared/content/verse-theme-names.ts';
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

export type FilterableVerse = Pick<SavedVerse, 'text' | 'reference' | 'theme' | 'emotion_tag'>;

/** product §5: a case-insensitive substring of the text, the reference or the emotion tag. */
export function matchesSearch(verse: FilterableVerse, term: string): boolean {
  const needle = normaliseSearchTerm(term);
  if (!needle) return true;
  return [verse.text, verse.reference, verse.emotion_tag ?? ''].some((field) =>
    field.toLowerCase().includes(needle),
  );
}

/** A visitor's examples under the search and the chip, by the chips each example carries. */
export function filterDemoVerses(
  verses: readonly DemoSavedVerse[],
  { search, theme }: { search: string; theme: ThemeChip },
): DemoSavedVerse[] {
  return verses.filter(
    (verse) => matchesSearch(verse, search) && (theme === 'All' || verse.themes.includes(theme)),
  );
}
