import { bcv_parser as BcvParser } from 'bible-passage-reference-parser/esm/bcv_parser.js';
import * as english from 'bible-passage-reference-parser/esm/lang/en.js';
import { AppError } from '#server/app-error.ts';
import { books, findBookByOsis } from '#shared/bible/books.ts';
import { parseVerseText } from '#shared/bible/verse-text.ts';
import type { PassageResponse } from '#shared/schemas/bible.ts';
import { getChapterLength, getVerse, type Bible } from './bible.ts';

/** A passage longer than this is refused: the endpoint serves quotations, not whole books. */
export const maxPassageVerses = 200;

type Point = { bookIndex: number; chapter: number; verse: number | undefined };

const parser = new BcvParser(english);

function parsePoint(osis: string): Point | undefined {
  const [code = '', chapter, verse] = osis.split('.');
  const book = findBookByOsis(code);
  if (!book || chapter === undefined) return undefined;
  return {
    bookIndex: books.indexOf(book),
    chapter: Number(chapter),
    verse: verse === undefined ? undefined : Number(verse),
  };
}

function referenceLabel(start: Point, end: Point, endVerse: number): string {
  const startBook = books[start.bookIndex]?.name ?? '';
  const endBook = books[end.bookIndex]?.name ?? '';
  const startVerse = start.verse ?? 1;
  if (start.verse === undefined && end.verse === undefined && start.bookIndex === end.bookIndex) {
    return start.chapter === end.chapter
      ? `${startBook} ${start.chapter}`
      : `${startBook} ${start.chapter}-${end.chapter}`;
  }
  if (start.bookIndex !== end.bookIndex) {
    return `${startBook} ${start.chapter}:${startVerse} - ${endBook} ${end.chapter}:${endVerse}`;
  }
  if (start.chapter !== end.chapter) {
    return `${startBook} ${start.chapter}:${startVerse}-${end.chapter}:${endVerse}`;
  }
  return startVerse === endVerse
    ? `${startBook} ${start.chapter}:${startVerse}`
    : `${startBook} ${start.chapter}:${startVerse}-${endVerse}`;
}

/** Resolves a written reference ('Jeremiah 17:7-8', 'ps 23', 'jn 3 16') to the translation's verses. */
export function lookupPassage(bible: Bible, reference: string): PassageResponse {
  const osis = parser.parse(reference).osis().split(',')[0] ?? '';
  const [startText = '', endText = startText] = osis.split('-');
  const start = parsePoint(startText);
  const end = parsePoint(endText);
  if (!start || !end) {
    throw new AppError('NOT_FOUND', `Could not find a Bible passage for "${reference}".`);
  }
  const verses: PassageResponse['verses'] = [];
  let bookIndex = start.bookIndex;
  let chapter = start.chapter;
  let verse = start.verse ?? 1;
  const lastChapterLength = getChapterLength(bible, end.bookIndex, end.chapter);
  const endVerse = Math.min(end.verse ?? lastChapterLength, lastChapterLength);
  for (;;) {
    const raw = getVerse(bible, bookIndex, chapter, verse);
    if (raw === undefined) break;
    if (verses.length === maxPassageVerses) {
      throw new AppError(
        'BAD_REQUEST',
        `That passage is longer than ${maxPassageVerses} verses; ask for a shorter one.`,
      );
    }
    const parsed = parseVerseText(raw);
    verses.push({
      book: books[bookIndex]?.name ?? '',
      chapter,
      verse,
      ...(parsed.heading ? { heading: parsed.heading } : {}),
      text: parsed.plain,
      segments: parsed.segments,
      is_paragraph_start: parsed.isParagraphStart,
    });
    if (bookIndex === end.bookIndex && chapter === end.chapter && verse >= endVerse) break;
    verse += 1;
    if (verse > getChapterLength(bible, bookIndex, chapter)) {
      verse = 1;
      chapter += 1;
      if (chapter > (books[bookIndex]?.chapters ?? 0)) {
        chapter = 1;
        bookIndex += 1;
      }
    }
  }
  if (verses.length === 0) {
    throw new AppError('NOT_FOUND', `Could not find a Bible passage for "${reference}".`);
  }
  return {
    translation: bible.translation,
    reference: referenceLabel(start, end, endVerse),
    verses,
  };
}
