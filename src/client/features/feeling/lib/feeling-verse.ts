import type { Mood } from '../../../../shared/mood/moods.ts';
import type { SearchResult } from '../../../../shared/schemas/bible.ts';
import type {
  CatalogueVerse,
  CreateSavedVerseRequest,
  VerseResult,
} from '../../../../shared/schemas/verses.ts';

/** The card shows the mood detected in the person's words, not the catalogue entry's own mood. */
export function toVerseResult(verse: CatalogueVerse, mood: Mood): VerseResult {
  return { text: verse.text, reference: verse.reference, mood, themes: verse.themes };
}

/** spec §9: feeling page saves carry the mood as theme and emotion tag, and no note. */
export function feelingSavePayload(verse: VerseResult): CreateSavedVerseRequest {
  return {
    text: verse.text,
    reference: verse.reference,
    theme: verse.mood,
    emotion_tag: verse.mood,
    custom_note: null,
  };
}

/** spec §9: one of the mood's topic words, chosen at random, for the related verses. */
export function pickTopic(topics: readonly string[], random: () => number = Math.random) {
  if (topics.length === 0) return null;
  return topics[Math.min(topics.length - 1, Math.floor(random() * topics.length))] ?? null;
}

/** The reader's address for a search result's chapter; the verse goes in the history state. */
export function readerHref({ book, chapter }: Pick<SearchResult, 'book' | 'chapter'>): string {
  return `/read-bible?book=${encodeURIComponent(book)}&chapter=${chapter}`;
}
