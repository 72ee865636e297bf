// Study helps beside the text (decision 023): a verse's cross-references with their words in the
// reader's translation.
import { AppError } from '#server/app-error.ts';
import { getVerse, type Bible } from '#server/bible/bible.ts';
import { maxBookParamLength, resolveBook } from '#server/features/bible/bible.service.ts';
import { commentaryOnChapter } from '#server/study/commentary.ts';
import {
  bestReferenceVotes,
  crossReferencesOf,
  type VerseRun,
} from '#server/study/cross-references.ts';
import { dictionaryEntry, usesOf } from '#server/study/strongs-dictionary.ts';
import { strongsCode } from '#server/study/strongs-file.ts';
import { verseStrongs } from '#server/study/strongs.ts';
import { books } from '#shared/bible/books.ts';
import { verseAt, verseNumber, type VersePosition } from '#shared/bible/verse-index.ts';
import { parseVerseText } from '#shared/bible/verse-text.ts';
import { strongReferenceVotes, studyDataVersion } from '#shared/rules/study.ts';
import {
  crossReferenceAttribution,
  type ChapterStudyResponse,
  type CrossReference,
  type CrossReferencesResponse,
  type StrongsEntryResponse,
} from '#shared/schemas/study.ts';

/** A run's words are its first verses, this many at most. */
const versesQuoted = 3;

/** The verse an address names: /api/study/{book}/{chapter}/{verse}/…, else 404. */
export function resolveVerse(book: string, chapter: string, verse: string): VersePosition {
  const bookIndex = resolveBook(book);
  const position = {
    bookIndex,
    chapter: /^\d{1,3}$/.test(chapter) ? Number(chapter) : 0,
    verse: /^\d{1,3}$/.test(verse) ? Number(verse) : 0,
  };
  if (verseNumber(position) < 0) {
    const label = `${book.trim().slice(0, maxBookParamLength)} ${chapter.slice(0, 10)}:${verse.slice(0, 10)}`;
    throw new AppError('NOT_FOUND', `Verse not found: ${label}.`);
  }
  return position;
}

function nameOf({ bookIndex }: VersePosition, singleChapter: boolean): string {
  const name = books[bookIndex]?.name ?? '';
  return name === 'Psalms' && singleChapter ? 'Psalm' : name;
}

/** 'Romans 5:8', 'Psalm 89:11–12', 'Genesis 1:1–2:3', 'Jude 1:1 – Revelation 1:3'. */
export function runLabel(first: VersePosition, last: VersePosition): string {
  const sameChapter = first.bookIndex === last.bookIndex && first.chapter === last.chapter;
  const start = `${nameOf(first, sameChapter)} ${first.chapter}:${first.verse}`;
  if (sameChapter) return first.verse === last.verse ? start : `${start}–${last.verse}`;
  if (first.bookIndex === last.bookIndex) return `${start}–${last.chapter}:${last.verse}`;
  return `${start} – ${nameOf(last, false)} ${last.chapter}:${last.verse}`;
}

/** A verse's words on one line, without its layout markers. */
function plainVerse(raw: string): string {
  return parseVerseText(raw).plain.replace(/\s+/g, ' ').trim();
}

function runText(bible: Bible, run: VerseRun): string {
  const words: string[] = [];
  for (let number = run.first; number <= run.last && words.length < versesQuoted; number += 1) {
    const position = verseAt(number);
    const raw = position && getVerse(bible, position.bookIndex, position.chapter, position.verse);
    if (raw) words.push(plainVerse(raw));
  }
  const text = words.join(' ');
  return run.last - run.first + 1 > versesQuoted ? `${text} …` : text;
}

/** A verse's cross-references, best voted first, a page at a time, in `bible`'s words. */
export function verseCrossReferences(
  bible: Bible,
  position: VersePosition,
  page: { offset: number; limit: number },
): CrossReferencesResponse {
  const { total, items } = crossReferencesOf(verseNumber(position), page);
  return {
    reference: runLabel(position, position),
    translation: bible.translation,
    total,
    items: items.flatMap((run): CrossReference[] => {
      const first = verseAt(run.first);
      const last = verseAt(run.last);
      if (!first || !last) return [];
      return [
        {
          reference: runLabel(first, last),
          book: books[first.bookIndex]?.name ?? '',
          chapter: first.chapter,
          verse: first.verse,
          text: runText(bible, run),
          votes: run.votes,
        },
      ];
    }),
    attribution: crossReferenceAttribution,
  };
}

/** The chapter an address names, else 404 'Chapter not found' (as the Bible's own chapter route). */
export function resolveChapter(
  book: string,
  chapter: string,
): { bookIndex: number; chapter: number } {
  const bookIndex = resolveBook(book);
  const number = /^\d{1,3}$/.test(chapter) ? Number(chapter) : 0;
  if (verseNumber({ bookIndex, chapter: number, verse: 1 }) < 0) {
    const label = `${book.trim().slice(0, maxBookParamLength)} ${chapter.slice(0, 10)}`;
    throw new AppError('NOT_FOUND', `Chapter not found: ${label}.`);
  }
  return { bookIndex, chapter: number };
}

/**
 * A chapter's study helps in one answer (decision 023): the KJV's Strong's numbers of each verse,
 * word by word, Christ's words, the verses with strong cross-references, and Matthew Henry's notes.
 */
export function chapterStudy(position: {
  bookIndex: number;
  chapter: number;
}): ChapterStudyResponse {
  const verses = [];
  const strongReferences: number[] = [];
  for (let verse = 1; ; verse += 1) {
    const number = verseNumber({ ...position, verse });
    if (number < 0) break;
    if (bestReferenceVotes(number) >= strongReferenceVotes) strongReferences.push(verse);
    const words = verseStrongs(number);
    verses.push({
      verse,
      strongs: words.map((word) => word.number),
      christ: words.flatMap((word, index) => (word.christ ? [index] : [])),
    });
  }
  return {
    book: books[position.bookIndex]?.name ?? '',
    chapter: position.chapter,
    version: studyDataVersion,
    commentary: commentaryOnChapter(position.bookIndex, position.chapter),
    strong_references: strongReferences,
    verses,
  };
}

const unknownNumber = (number: string) =>
  new AppError('NOT_FOUND', `No Strong's number ${number.slice(0, 12)}.`);

/**
 * A Strong's number: its dictionary entry, how the KJV renders it, and the verses where it stands
 * (counted by book, a page at a time, in the KJV's words).
 */
export function strongsEntry(
  kjv: Bible,
  number: string,
  page: { offset: number; limit: number },
): StrongsEntryResponse {
  const canonical = /^[HG]\d{1,4}$/i.test(number)
    ? `${number[0]?.toUpperCase()}${Number(number.slice(1))}`
    : '';
  const code = strongsCode(canonical);
  const entry = code === 0 ? undefined : dictionaryEntry(canonical);
  if (!entry) throw unknownNumber(number);
  const { verses, renderings, byBook } = usesOf(kjv, code);
  const items = [...verses.subarray(page.offset, page.offset + page.limit)].flatMap((verse) => {
    const position = verseAt(verse);
    const raw = position && getVerse(kjv, position.bookIndex, position.chapter, position.verse);
    if (!position || raw === undefined) return [];
    return [
      {
        reference: runLabel(position, position),
        book: books[position.bookIndex]?.name ?? '',
        chapter: position.chapter,
        verse: position.verse,
        text: plainVerse(raw ?? ''),
      },
    ];
  });
  return {
    number: canonical,
    ...entry,
    renderings,
    uses: {
      total: verses.length,
      by_book: [...byBook].map(([bookIndex, count]) => ({
        book: books[bookIndex]?.name ?? '',
        count,
      })),
      items,
    },
  };
}
