import { books } from '#shared/bible/books.ts';
import { chapterFromVerses } from '#shared/bible/chapter.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import type { ChapterResponse } from '#shared/schemas/bible.ts';

/**
 * One translation's text: chapters[bookIndex][chapter - 1][verse - 1] is a verse's raw text,
 * markers included (src/shared/bible/verse-text.ts).
 */
export type Bible = {
  translation: TranslationId;
  chapters: string[][][];
  verseCount: number;
};

/** Every translation has the spec's books with the KJV's chapter counts, none empty. */
export function checkChapters(label: string, chapters: readonly (readonly string[][])[]): void {
  books.forEach((book, index) => {
    const bookChapters = chapters[index] ?? [];
    if (bookChapters.length !== book.chapters) {
      throw new Error(
        `${book.name} has ${bookChapters.length} chapters in the ${label} data, ${book.chapters} expected`,
      );
    }
    bookChapters.forEach((verses, chapterIndex) => {
      if (!verses || verses.length === 0) {
        throw new Error(`${label} ${book.name} ${chapterIndex + 1} has no verses`);
      }
    });
  });
}

export function getVerse(
  bible: Bible,
  bookIndex: number,
  chapter: number,
  verse: number,
): string | undefined {
  return bible.chapters[bookIndex]?.[chapter - 1]?.[verse - 1];
}

export function getChapterLength(bible: Bible, bookIndex: number, chapter: number): number {
  return bible.chapters[bookIndex]?.[chapter - 1]?.length ?? 0;
}

/**
 * A chapter as GET /api/bible/{book}/{chapter} answers it, and as the reader's page is rendered
 * on the server with it; the position must be valid.
 */
export function buildChapter(bible: Bible, bookIndex: number, chapter: number): ChapterResponse {
  return chapterFromVerses(
    bookIndex,
    chapter,
    bible.chapters[bookIndex]?.[chapter - 1] ?? [],
    bible.translation,
  );
}
