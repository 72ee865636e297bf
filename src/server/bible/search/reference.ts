import { bcv_parser as BcvParser } from 'bible-passage-reference-parser/esm/bcv_parser.js';
import * as english from 'bible-passage-reference-parser/esm/lang/en.js';
import { findBookIndex } from '#shared/bible/book-names.ts';
import { books, findBookByOsis } from '#shared/bible/books.ts';
import type { SearchIndex } from './inverted-index.ts';

// 'bcv' spells every point out as Book.Chapter.Verse ('Ps.23' becomes 'Ps.23.1-Ps.23.6').
const parser = new BcvParser(english).set_options({ osis_compaction_strategy: 'bcv' });

const letterOrDigit = /[\p{L}\p{N}]/u;

function pointToVerse(index: SearchIndex, osis: string, isEnd: boolean): number | undefined {
  const [code = '', chapterText, verseText] = osis.split('.');
  const book = findBookByOsis(code);
  if (!book || chapterText === undefined) return undefined;
  const chapter = Number(chapterText);
  const bookIndex = books.indexOf(book);
  const first = index.chapterFirstVerse[bookIndex]?.[chapter - 1];
  if (first === undefined) return undefined;
  const length = index.bible.chapters[bookIndex]?.[chapter - 1]?.length ?? 0;
  const verse = verseText === undefined ? (isEnd ? length : 1) : Number(verseText);
  if (!Number.isInteger(verse) || verse < 1) return undefined;
  if (verse > length) return isEnd ? first + length - 1 : undefined;
  return first + verse - 1;
}

/**
 * The verse ids a query names when the whole query is a reference ('John 3:16', 'jn3:16',
 * 'ps23', '1 cor 13:4-7', 'Song of Solomon 2', 'Rom 5:8, John 3:16'), in the order written,
 * each verse once; undefined when it is not one. A reference needs a chapter number: a book
 * name alone ('mark', 'job', 'acts') is a word to search for.
 */
export function findReferenceVerses(index: SearchIndex, query: string): number[] | undefined {
  const text = query.normalize('NFKC');
  if (!/\d/.test(text)) return undefined;
  const entities = parser.parse(text).osis_and_indices();
  if (entities.length === 0) return undefined;
  // Anything else worth reading ('love 1 cor 13', 'I am 3') makes it a text search.
  let rest = '';
  let from = 0;
  for (const { indices } of entities) {
    rest += text.slice(from, indices[0]);
    from = indices[1];
  }
  rest += text.slice(from);
  if (letterOrDigit.test(rest)) return undefined;

  const verses: number[] = [];
  const seen = new Uint8Array(index.verseCount);
  for (const { osis } of entities) {
    for (const part of osis.split(',')) {
      const [startText = '', endText = startText] = part.split('-');
      const start = pointToVerse(index, startText, false);
      const end = pointToVerse(index, endText, true);
      if (start === undefined || end === undefined) continue;
      for (let verse = start; verse <= end; verse += 1) {
        if (seen[verse] === 0) {
          seen[verse] = 1;
          verses.push(verse);
        }
      }
    }
  }
  return verses.length > 0 ? verses : undefined;
}

/** A book (any spelling findBookIndex reads), a chapter, and a verse after ':', '.' or a space. */
const referenceShape =
  /^(\d?\s*\p{L}[\p{L}\s.]*?)\s*(\d{1,4})(?:\s*[:.\s]\s*(\d{1,4}))?(?:\s*[-–]\s*[\d:.\s]+)?$/u;

export type MissingReference = { note: string; isUnknownBook: boolean };

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * Why a query shaped like a reference names no passage: 'Genesis 51' (Genesis has 50
 * chapters), 'Genesis 1:40', or a book no one has heard of ('Foo 3'). Undefined when the query
 * is not shaped like a reference, or names a passage that exists (decision 010).
 */
export function findMissingReference(
  index: SearchIndex,
  query: string,
): MissingReference | undefined {
  const match = referenceShape.exec(query.normalize('NFKC').trim());
  if (!match) return undefined;
  const [, bookText = '', chapterText = '', verseText] = match;
  const bookIndex = findBookIndex(bookText);
  const book = books[bookIndex];
  if (!book) {
    return {
      note: `No book of the Bible is called “${bookText.trim()}”.`,
      isUnknownBook: true,
    };
  }
  const chapter = Number(chapterText);
  if (chapter < 1 || chapter > book.chapters) {
    return { note: `${book.name} has ${plural(book.chapters, 'chapter')}.`, isUnknownBook: false };
  }
  if (verseText === undefined) return undefined;
  const verses = index.bible.chapters[bookIndex]?.[chapter - 1]?.length ?? 0;
  const verse = Number(verseText);
  if (verse >= 1 && verse <= verses) return undefined;
  return { note: `${book.name} ${chapter} has ${plural(verses, 'verse')}.`, isUnknownBook: false };
}
