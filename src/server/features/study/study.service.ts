// Study helps beside the text (decision 023): a verse's cross-references with their words in the
// reader's translation.
import { AppError } from '#server/app-error.ts';
import { getVerse, type Bible } from '#server/bible/bible.ts';
import { crossReferencesOf, type VerseRun } from '#server/study/cross-references.ts';
import { findBookIndex } from '#shared/bible/book-names.ts';
import { books } from '#shared/bible/books.ts';
import { verseAt, verseNumber, type VersePosition } from '#shared/bible/verse-index.ts';
import { parseVerseText } from '#shared/bible/verse-text.ts';
import {
  crossReferenceAttribution,
  type CrossReference,
  type CrossReferencesResponse,
} from '#shared/schemas/study.ts';

const maxBookParamLength = 40;
/** A run's words are its first verses, this many at most. */
const versesQuoted = 3;

/** The verse an address names: /api/study/{book}/{chapter}/{verse}/…, else 404. */
export function resolveVerse(book: string, chapter: string, verse: string): VersePosition {
  const bookIndex = book.trim().length > maxBookParamLength ? -1 : findBookIndex(book);
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

function runText(bible: Bible, run: VerseRun): string {
  const words: string[] = [];
  for (let number = run.first; number <= run.last && words.length < versesQuoted; number += 1) {
    const position = verseAt(number);
    const raw = position && getVerse(bible, position.bookIndex, position.chapter, position.verse);
    if (raw) words.push(parseVerseText(raw).plain.replace(/\s+/g, ' ').trim());
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
