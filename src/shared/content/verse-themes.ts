import { findBookIndex } from '#shared/bible/book-names.ts';
import { boundedCache } from '#shared/bounded-cache.ts';
import { verseCatalogue } from '#shared/mood/catalogue.ts';
import { dailyVerses } from './verse-of-day.ts';
import { verseThemes, type VerseTheme } from './verse-theme-names.ts';

export { verseThemes, type VerseTheme };

/**
 * The words that stand for a theme besides its own name: the catalogue's theme words, the words
 * of the daily verses' titles, and the feelings a verse is saved with (the moods of product §3 and
 * the journal's tags). A feeling stands for what answers it: an anxious heart looks for peace
 * and comfort. A Map, so that a word such as 'constructor' finds nothing.
 */
const themesOfWord = new Map<string, readonly VerseTheme[]>([
  ['rest', ['Peace']],
  ['stillness', ['Peace']],
  ['still', ['Peace']],
  ['quietness', ['Peace']],
  ['quiet', ['Peace']],
  ['sleep', ['Peace']],
  ['trust', ['Peace']],
  ['contentment', ['Peace', 'Joy']],
  ['courage', ['Strength']],
  ['strong', ['Strength']],
  ['refuge', ['Strength', 'Comfort']],
  ['protection', ['Strength']],
  ['help', ['Strength']],
  ['perseverance', ['Strength']],
  ['power', ['Strength']],
  ['shield', ['Strength']],
  ['rock', ['Strength']],
  ['tower', ['Strength']],
  ['renewal', ['Strength', 'Hope']],
  ['future', ['Hope']],
  ['faithfulness', ['Hope']],
  ['compassion', ['Love', 'Comfort']],
  ['kindness', ['Love']],
  ['forgiveness', ['Love']],
  ['belonging', ['Love']],
  ['friendship', ['Love']],
  ['family', ['Love']],
  ['healing', ['Comfort']],
  ['presence', ['Comfort']],
  ['care', ['Comfort']],
  ['cares', ['Comfort']],
  ['mercy', ['Comfort']],
  ['tears', ['Comfort']],
  ['grief', ['Comfort']],
  ['sorrow', ['Comfort']],
  ['shepherd', ['Comfort']],
  ['shelter', ['Comfort']],
  ['near', ['Comfort']],
  ['safe', ['Comfort']],
  ['carries', ['Comfort']],
  ['gladness', ['Joy']],
  ['praise', ['Joy']],
  ['rejoice', ['Joy']],
  ['rejoices', ['Joy']],
  ['thanks', ['Joy']],
  ['thanksgiving', ['Joy']],
  ['gratitude', ['Joy']],
  ['song', ['Joy']],
  ['sing', ['Joy']],
  ['shout', ['Joy']],
  ['cheer', ['Joy']],
  ['grace', ['Love']],
  ['fear', ['Strength', 'Comfort']],
  ['afraid', ['Strength', 'Comfort']],
  ['anxious', ['Peace', 'Comfort']],
  ['sad', ['Hope', 'Comfort']],
  ['grateful', ['Joy']],
  ['angry', ['Peace', 'Love']],
  ['fearful', ['Strength', 'Comfort']],
  ['lonely', ['Love', 'Comfort']],
  ['overwhelmed', ['Peace', 'Strength']],
  ['confused', ['Peace']],
  ['doubtful', ['Strength', 'Hope']],
  ['content', ['Peace', 'Joy']],
  ['confident', ['Strength']],
  ['blessed', ['Joy']],
]);

/** A word's themes: listed above, or the theme it starts with ('joyful', 'strengtheneth'). */
function themesOf(word: string): readonly VerseTheme[] {
  return (
    themesOfWord.get(word) ?? verseThemes.filter((theme) => word.startsWith(theme.toLowerCase()))
  );
}

function themesOfText(text: string): VerseTheme[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .flatMap((word) => (word ? themesOf(word) : []));
}

type VerseRange = { chapterKey: string; from: number; to: number };

/** 'Psalms 23:1-3' → Psalms 23, verses 1 to 3; null for anything else. */
function parseVerseRange(reference: string): VerseRange | null {
  const match = /^(.+?)\s*(\d+):(\d+)(?:\s*[-–]\s*(\d+))?$/.exec(reference.trim());
  if (!match) return null;
  const [, book = '', chapter = '', from = '', to] = match;
  const bookIndex = findBookIndex(book);
  if (bookIndex < 0) return null;
  return { chapterKey: `${bookIndex}:${chapter}`, from: Number(from), to: Number(to ?? from) };
}

type ChosenVerse = { from: number; to: number; themes: readonly VerseTheme[] };

/**
 * The verses chosen for a feeling (with their theme words and that feeling) and the verses of
 * the day (with the words of their titles), by chapter.
 */
const chosenVerses = new Map<string, ChosenVerse[]>();
function addChosen(reference: string, themes: readonly VerseTheme[]): void {
  const range = parseVerseRange(reference);
  if (!range) return;
  const inChapter = chosenVerses.get(range.chapterKey) ?? [];
  inChapter.push({ from: range.from, to: range.to, themes });
  chosenVerses.set(range.chapterKey, inChapter);
}
for (const entry of verseCatalogue) {
  addChosen(entry.reference, [...entry.themes.flatMap(themesOfText), ...themesOf(entry.mood)]);
}
for (const verse of dailyVerses) addChosen(verse.reference, themesOfText(verse.theme));

/**
 * The chip themes of a saved verse (docs/product.md §5): those of the catalogue's and the daily
 * verses' entries that share a verse with it, and those its own theme and feeling stand for.
 * A verse saved from the reader ('Bible Reading') so finds the chips its verse was chosen for.
 */
export function findVerseThemes(verse: {
  reference: string;
  theme: string;
  emotion_tag: string | null;
}): VerseTheme[] {
  const found = new Set<VerseTheme>([
    ...themesOfText(verse.theme),
    ...themesOfText(verse.emotion_tag ?? ''),
  ]);
  const range = parseVerseRange(verse.reference);
  for (const chosen of range ? (chosenVerses.get(range.chapterKey) ?? []) : []) {
    if (range && chosen.from <= range.to && range.from <= chosen.to) {
      for (const theme of chosen.themes) found.add(theme);
    }
  }
  return verseThemes.filter((theme) => found.has(theme));
}

/**
 * product §5: a theme chip keeps a verse when its name is a whole word or the
 * start of one in the theme or the emotion tag ('Strength' finds 'Courage and Strength', 'Joy'
 * finds 'joyful', 'Love' not 'beloved'), or when the catalogue or the verses of the day give the
 * verse that theme (findVerseThemes). The server filters saved verses with it (decision 012); the
 * browser, the visitor's examples.
 */
export function hasVerseTheme(
  verse: { reference: string; theme: string; emotion_tag: string | null },
  theme: VerseTheme,
): boolean {
  return chipsOf(verse).has(theme);
}

/**
 * Every chip a verse shows under, remembered by reference, theme and feeling: the server runs
 * the rule over hundreds of saved verses to fill one filtered page (decision 012), and the same
 * verses come back page after page. Bounded: emptied when full.
 */
const chipsByVerse = boundedCache<string, ReadonlySet<VerseTheme>>(20_000);

function chipsOf(verse: {
  reference: string;
  theme: string;
  emotion_tag: string | null;
}): ReadonlySet<VerseTheme> {
  const key = `${verse.reference}\u0000${verse.theme}\u0000${verse.emotion_tag ?? ''}`;
  return chipsByVerse(key, () => {
    const words = [verse.theme, verse.emotion_tag ?? ''].flatMap((field) =>
      field.toLowerCase().split(/[^\p{L}\p{N}]+/u),
    );
    const found = new Set(findVerseThemes(verse));
    for (const theme of verseThemes) {
      const wanted = theme.toLowerCase();
      if (words.some((word) => word.startsWith(wanted))) found.add(theme);
    }
    return found;
  });
}
