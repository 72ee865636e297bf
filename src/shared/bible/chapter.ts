// A chapter as GET /api/bible/{book}/{chapter} answers it, built from the KJV's raw verse
// strings (`#` a paragraph, `[word]` an italic word). The server builds its answers with it,
// and the browser rebuilds the same answers from the compact offline download: the same
// code on both sides, so each rebuilt body is byte for byte the server's.
import type { ChapterResponse } from '#shared/schemas/bible.ts';
import { books } from './books.ts';
import { nextPosition, previousPosition, type ReaderPosition } from './navigation.ts';
import type { TranslationId } from './translations.ts';
import { parseVerseText } from './verse-text.ts';

function chapterPoint(position: ReaderPosition | null): ChapterResponse['previous'] {
  if (!position) return null;
  return { book: books[position.bookIndex]?.name ?? '', chapter: position.chapter };
}

/** The chapter at a valid position, from its raw verses in order. */
export function chapterFromVerses(
  bookIndex: number,
  chapter: number,
  rawVerses: readonly string[],
  translation: TranslationId = 'kjv',
): ChapterResponse {
  const book = books[bookIndex];
  const verses = rawVerses.map((raw, index) => {
    const parsed = parseVerseText(raw);
    return {
      verse: index + 1,
      ...(parsed.heading ? { heading: parsed.heading } : {}),
      text: parsed.plain,
      segments: parsed.segments,
      is_paragraph_start: parsed.isParagraphStart,
    };
  });
  const position = { bookIndex, chapter };
  return {
    translation,
    reference: `${book?.name ?? ''} ${chapter}`,
    book: book?.name ?? '',
    book_index: bookIndex,
    chapter,
    chapters_in_book: book?.chapters ?? 0,
    verses,
    // product §3 Bible chapter result: one string, each verse written '[n] text'.
    passages: [verses.map((verse) => `[${verse.verse}] ${verse.text}`).join(' ')],
    canonical: 0,
    previous: chapterPoint(previousPosition(position)),
    next: chapterPoint(nextPosition(position)),
  };
}

/** Every chapter's position, Genesis 1 to Revelation 22 (1,189). */
export function canonicalChapters(): ReaderPosition[] {
  return books.flatMap((book, bookIndex) =>
    Array.from({ length: book.chapters }, (_, index) => ({ bookIndex, chapter: index + 1 })),
  );
}
