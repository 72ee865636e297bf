/**
 * product §2: the themes of the chips on /saved-verses, in the chips' order. Apart from the rule
 * that finds a verse's themes (verse-themes.ts, which carries the feelings' catalogue and the
 * daily verses), so that a screen showing the chips does not carry that data.
 */
export const verseThemes = ['Peace', 'Strength', 'Hope', 'Love', 'Comfort', 'Joy'] as const;
export type VerseTheme = (typeof verseThemes)[number];
