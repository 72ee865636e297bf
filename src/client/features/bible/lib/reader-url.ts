import { translationAbbreviation } from '#client/lib/translation-device.ts';
import { books } from '#shared/bible/books.ts';
import type { ReaderPosition } from '#shared/bible/navigation.ts';
import { displayReference } from '#shared/bible/references.ts';
import { defaultTranslation, type TranslationId } from '#shared/bible/translations.ts';

/** What the reader's address holds besides the chapter (decision 015): the translations shown. */
export type ReaderTranslations = {
  translation?: TranslationId;
  /** The translation read alongside, in the parallel view. */
  parallel?: TranslationId | null;
};

/**
 * '/read-bible?book=1%20John&chapter=4': the shareable address of a chapter; '&translation=web'
 * for another translation than the KJV, '&parallel=asv' with a second one beside it.
 */
export function readerSearch(
  { bookIndex, chapter }: ReaderPosition,
  { translation = defaultTranslation, parallel = null }: ReaderTranslations = {},
): string {
  const name = books[bookIndex]?.name ?? books[0].name;
  let search = `?book=${encodeURIComponent(name)}&chapter=${chapter}`;
  if (translation !== defaultTranslation) search += `&translation=${translation}`;
  if (parallel !== null && parallel !== translation) search += `&parallel=${parallel}`;
  return search;
}

export function readerPath(position: ReaderPosition, translations?: ReaderTranslations): string {
  return `/read-bible${readerSearch(position, translations)}`;
}

/** The verse as copied or shared: the text, then ' — {reference} (KJV)' (product §9). */
export function verseShareText(
  text: string,
  reference: string,
  translation: TranslationId = defaultTranslation,
): string {
  return `${text} — ${displayReference(reference)} (${translationAbbreviation(translation)})`;
}
