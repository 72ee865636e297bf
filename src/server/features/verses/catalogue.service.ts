import { AppError } from '#server/app-error.ts';
import type { Bible } from '#server/bible/bible.ts';
import { lookupPassage } from '#server/bible/passage.ts';
import { dailyVerses } from '#shared/content/verse-of-day.ts';
import { verseCatalogue } from '#shared/mood/catalogue.ts';
import { moodSuggestions } from '#shared/mood/mood-suggestions.ts';
import { moods, type Mood } from '#shared/mood/moods.ts';
import type {
  CatalogueResponse,
  DailyVerseResponse,
  MoodSuggestion,
  MoodSuggestionsResponse,
} from '#shared/schemas/verses.ts';

/**
 * The catalogue, the daily verses and the mood suggestions with their text in one translation,
 * built once per Bible: the KJV's at start-up, another's at its first request (decision 015).
 */
type VerseContent = {
  catalogue: CatalogueResponse;
  /** The catalogue serialized once: it is the same for every request. */
  catalogueJson: string;
  /** daily[day - 1] for day 1–366. */
  daily: DailyVerseResponse[];
  /** 'More verses for this feeling', per mood. */
  suggestions: Map<Mood, MoodSuggestionsResponse>;
};

/** '46:1' of 'Psalm 46:1': what a reference asks for once the book is read. */
function chapterAndVerses(reference: string): string {
  return reference.slice(reference.lastIndexOf(' ') + 1);
}

/**
 * The plain text of a reference in the Bible's translation, verses joined by a space, or the
 * problem with it. The
 * book may be any name the parser knows ('Psalm' or 'Psalms'), but the chapter and verses must
 * be exactly what resolves: 'John 3:16-40' would otherwise be cut short at 3:36 silently.
 */
export function resolveVerseText(
  bible: Bible,
  reference: string,
): { text: string } | { problem: string } {
  const resolved = resolveVerse(bible, reference);
  return 'problem' in resolved ? resolved : { text: resolved.text };
}

/** A reference's text, and where its first verse is (for a link to the reader). */
type ResolvedVerse = Omit<MoodSuggestion, 'reference'>;

function resolveVerse(bible: Bible, reference: string): ResolvedVerse | { problem: string } {
  try {
    const passage = lookupPassage(bible, reference);
    const [first] = passage.verses;
    if (!first || chapterAndVerses(passage.reference) !== chapterAndVerses(reference)) {
      return { problem: `it resolves to "${passage.reference}"` };
    }
    return {
      book: first.book,
      chapter: first.chapter,
      verse: first.verse,
      text: passage.verses.map((verse) => verse.text).join(' '),
    };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Looks up every reference of the given lists and throws one error naming each that does not
 * resolve, so that a bad reference stops the server at start-up and never ships.
 */
export function buildVerseTexts(
  bible: Bible,
  lists: Record<string, readonly { reference: string }[]>,
): Map<string, ResolvedVerse> {
  const texts = new Map<string, ResolvedVerse>();
  const problems: string[] = [];
  for (const [listName, entries] of Object.entries(lists)) {
    for (const { reference } of entries) {
      const resolved = resolveVerse(bible, reference);
      if ('problem' in resolved) problems.push(`${listName} "${reference}": ${resolved.problem}`);
      else texts.set(reference, resolved);
    }
  }
  if (problems.length > 0) {
    const name = bible.translation.toUpperCase();
    throw new Error(
      `Verse references that do not resolve in the ${name} (${problems.length}):\n${problems.join('\n')}`,
    );
  }
  return texts;
}

const contentByBible = new WeakMap<Bible, VerseContent>();

/** The hand-picked suggestions as lists of references, named by mood for the start-up check. */
const suggestionLists = Object.fromEntries(
  moods.map((mood) => [
    `suggestions ${mood}`,
    moodSuggestions[mood].map((reference) => ({ reference })),
  ]),
);

function buildVerseContent(bible: Bible): VerseContent {
  const texts = buildVerseTexts(bible, {
    catalogue: verseCatalogue,
    daily: dailyVerses,
    ...suggestionLists,
  });
  const textOf = (reference: string) => texts.get(reference)?.text ?? '';
  const { translation } = bible;
  const catalogue: CatalogueResponse = {
    translation,
    verses: verseCatalogue.map((entry) => ({
      reference: entry.reference,
      mood: entry.mood,
      themes: [...entry.themes],
      text: textOf(entry.reference),
    })),
  };
  const daily = dailyVerses.map((entry, index) => ({
    day: index + 1,
    reference: entry.reference,
    theme: entry.theme,
    text: textOf(entry.reference),
    translation,
  }));
  const suggestions = new Map(
    moods.map((mood) => {
      // Only verses chosen for this mood, never a word search of the Bible (product §4).
      const references = [
        ...verseCatalogue.filter((entry) => entry.mood === mood).map((entry) => entry.reference),
        ...moodSuggestions[mood],
      ];
      const verses = references.flatMap((reference) => {
        const resolved = texts.get(reference);
        return resolved ? [{ reference, ...resolved }] : [];
      });
      return [mood, { mood, translation, verses }] as const;
    }),
  );
  return { catalogue, catalogueJson: JSON.stringify(catalogue), daily, suggestions };
}

/**
 * The verse content for this Bible, built (and checked) on first use; every app sharing the
 * Bible shares it. The routes build the KJV's at registration, so a bad reference fails
 * start-up; main.ts builds the other translations' once listening (the tests check that every
 * reference resolves in each).
 */
export function getVerseContent(bible: Bible): VerseContent {
  let content = contentByBible.get(bible);
  if (!content) {
    content = buildVerseContent(bible);
    contentByBible.set(bible, content);
  }
  return content;
}

/** GET /api/verses/catalogue: the whole built-in catalogue, as JSON text. */
export function getCatalogueJson(bible: Bible): string {
  return getVerseContent(bible).catalogueJson;
}

/** GET /api/verses/daily/:day: the verse for a day of the year, 1–366. */
export function getDailyVerse(bible: Bible, day: number): DailyVerseResponse {
  const verse = getVerseContent(bible).daily[day - 1];
  if (!verse) throw new AppError('NOT_FOUND', `There is no verse for day ${day}.`);
  return verse;
}

/** GET /api/verses/suggestions?mood=: the verses chosen for a mood, with their text. */
export function getMoodSuggestions(bible: Bible, mood: Mood): MoodSuggestionsResponse {
  const suggestions = getVerseContent(bible).suggestions.get(mood);
  if (!suggestions) throw new AppError('NOT_FOUND', `There are no verses for the mood ${mood}.`);
  return suggestions;
}
