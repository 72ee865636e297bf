import { dailyVerses } from '../../../shared/content/daily-verses.ts';
import { verseCatalogue } from '../../../shared/mood/catalogue.ts';
import type { CatalogueResponse, DailyVerseResponse } from '../../../shared/schemas/verses.ts';
import { AppError } from '../../app-error.ts';
import type { Bible } from '../../bible/kjv.ts';
import { lookupPassage } from '../../bible/passage.ts';

/** The catalogue and the daily verses with their KJV text, built once per Bible. */
type VerseContent = {
  catalogue: CatalogueResponse;
  /** The catalogue serialized once: it is the same for every request. */
  catalogueJson: string;
  /** daily[day - 1] for day 1–366. */
  daily: DailyVerseResponse[];
};

/** '46:1' of 'Psalm 46:1': what a reference asks for once the book is read. */
function chapterAndVerses(reference: string): string {
  return reference.slice(reference.lastIndexOf(' ') + 1);
}

/**
 * The plain KJV text of a reference, verses joined by a space, or the problem with it. The
 * book may be any name the parser knows ('Psalm' or 'Psalms'), but the chapter and verses must
 * be exactly what resolves: 'John 3:16-40' would otherwise be cut short at 3:36 silently.
 */
export function resolveVerseText(
  bible: Bible,
  reference: string,
): { text: string } | { problem: string } {
  try {
    const passage = lookupPassage(bible, reference);
    if (chapterAndVerses(passage.reference) !== chapterAndVerses(reference)) {
      return { problem: `it resolves to "${passage.reference}"` };
    }
    return { text: passage.verses.map((verse) => verse.text).join(' ') };
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
): Map<string, string> {
  const texts = new Map<string, string>();
  const problems: string[] = [];
  for (const [listName, entries] of Object.entries(lists)) {
    for (const { reference } of entries) {
      const resolved = resolveVerseText(bible, reference);
      if ('problem' in resolved) problems.push(`${listName} "${reference}": ${resolved.problem}`);
      else texts.set(reference, resolved.text);
    }
  }
  if (problems.length > 0) {
    throw new Error(
      `Verse references that do not resolve in the KJV (${problems.length}):\n${problems.join('\n')}`,
    );
  }
  return texts;
}

const contentByBible = new WeakMap<Bible, VerseContent>();

function buildVerseContent(bible: Bible): VerseContent {
  const texts = buildVerseTexts(bible, { catalogue: verseCatalogue, daily: dailyVerses });
  const textOf = (reference: string) => texts.get(reference) ?? '';
  const catalogue: CatalogueResponse = {
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
  }));
  return { catalogue, catalogueJson: JSON.stringify(catalogue), daily };
}

/**
 * The verse content for this Bible, built (and checked) on first use; every app sharing the
 * Bible shares it. Routes call it at registration, so a bad reference fails start-up.
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
