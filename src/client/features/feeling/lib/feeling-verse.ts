import { defaultTranslation, type TranslationId } from '#shared/bible/translations.ts';
import type { Mood } from '#shared/mood/moods.ts';
import type { SearchResult } from '#shared/schemas/bible.ts';
import type {
  CatalogueVerse,
  CreateSavedVerseRequest,
  VerseResult,
} from '#shared/schemas/verses.ts';

/** A verse result with the translation its text is in (decision 015). */
export type FeelingVerse = VerseResult & { translation: TranslationId };

/** A result's mood when the person's words named no feeling (detectMood's score 0). */
export const noNamedMood = '';

/** The result card's heading: the feeling the person named, else one that names none. */
export function feelingHeading(verse: Pick<VerseResult, 'mood'>): string {
  return verse.mood === noNamedMood ? 'A verse for this moment' : `For when you feel ${verse.mood}`;
}

/** The card shows the mood detected in the person's words, not the catalogue entry's own mood. */
export function toVerseResult(
  verse: Pick<CatalogueVerse, 'text' | 'reference'> & { themes: readonly string[] },
  mood: Mood | typeof noNamedMood,
  translation: TranslationId,
): FeelingVerse {
  return {
    text: verse.text,
    reference: verse.reference,
    mood,
    themes: [...verse.themes],
    translation,
  };
}

/**
 * product §9: feeling page saves carry the mood as theme and emotion tag, and no note; and the
 * translation the text is in (decision 015).
 */
export function feelingSavePayload(verse: FeelingVerse): CreateSavedVerseRequest {
  return {
    text: verse.text,
    reference: verse.reference,
    theme: verse.mood === noNamedMood ? 'Comfort' : verse.mood,
    emotion_tag: verse.mood === noNamedMood ? null : verse.mood,
    custom_note: null,
    translation: verse.translation,
  };
}

/** The verse kept for after sign-in, or null when what came back from storage is not one. */
export async function parsePendingVerse(data: unknown): Promise<FeelingVerse | null> {
  const { pendingVerseSchema } = await import('./pending-verse.lazy.ts');
  const parsed = pendingVerseSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** How many verses 'More verses for this feeling' shows. */
const suggestionCount = 3;

/**
 * Three of the verses chosen for the mood, at random, never the verse already on the card
 * (docs/product.md §4: no word search of the whole Bible).
 */
export function pickSuggestions<V extends { reference: string }>(
  verses: readonly V[],
  shownReference: string,
  random: () => number = Math.random,
): V[] {
  const rest = verses.filter((verse) => verse.reference !== shownReference);
  for (let i = rest.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [rest[i], rest[j]] = [rest[j] as V, rest[i] as V];
  }
  return rest.slice(0, suggestionCount);
}

/**
 * The reader's address for a verse's chapter, in the translation it was shown in (none for the
 * KJV); the verse goes in the history state.
 */
export function readerHref(
  { book, chapter }: Pick<SearchResult, 'book' | 'chapter'>,
  translation: TranslationId = defaultTranslation,
): string {
  const inTranslation = translation === defaultTranslation ? '' : `&translation=${translation}`;
  return `/read-bible?book=${encodeURIComponent(book)}&chapter=${chapter}${inTranslation}`;
}
