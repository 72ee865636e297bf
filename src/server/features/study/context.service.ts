// A verse in its context (decision 023, Context): the paragraph the KJV's SWORD module marks around
// it, in the translation asked for, who is speaking where the KJV's words say, and its best
// cross-references.
import { getVerse, type Bible } from '#server/bible/bible.ts';
import { paragraphOf } from '#server/study/paragraphs.ts';
import { speakerOf } from '#server/study/speakers.ts';
import { verseStrongs } from '#server/study/strongs.ts';
import { books } from '#shared/bible/books.ts';
import { verseCounts } from '#shared/bible/verse-counts.ts';
import { verseAt, verseNumber, type VersePosition } from '#shared/bible/verse-index.ts';
import { parseVerseText } from '#shared/bible/verse-text.ts';
import {
  contextCrossReferenceCount,
  maxMarkedVerses,
  type VerseContextResponse,
} from '#shared/schemas/study-context.ts';
import { runLabel, verseCrossReferences } from './study.service.ts';

function plainText(bible: Bible, number: number): string {
  const position = verseAt(number);
  const raw = position && getVerse(bible, position.bookIndex, position.chapter, position.verse);
  return raw ? parseVerseText(raw).plain.replace(/\s+/g, ' ').trim() : '';
}

/**
 * The last verse a range marks: `through` within the chapter, at most maxMarkedVerses from the
 * first; the verse itself when there is no range.
 */
function rangeEnd(position: VersePosition, through: number | undefined): VersePosition {
  const chapterVerses = verseCounts[position.bookIndex]?.[position.chapter - 1] ?? position.verse;
  const verse = Math.min(
    Math.max(through ?? position.verse, position.verse),
    chapterVerses,
    position.verse + maxMarkedVerses - 1,
  );
  return { ...position, verse };
}

/**
 * The verse at `position` (a verse resolveVerse found) in its paragraph, in `bible`'s words, with
 * the verses through `through` in the same chapter marked beside it ('Philippians 4:6-7'); the
 * speaker is read from the KJV's words (`kjv`), whose versification every translation shares.
 */
export function verseContext(
  bible: Bible,
  kjv: Bible,
  position: VersePosition,
  through?: number,
): VerseContextResponse {
  const number = verseNumber(position);
  const last = rangeEnd(position, through);
  const lastNumber = verseNumber(last);
  const paragraph = paragraphOf(number) ?? { first: number, last: number };
  const lastParagraph = paragraphOf(lastNumber) ?? { first: lastNumber, last: lastNumber };
  const shownLast = Math.max(paragraph.last, lastParagraph.last);
  const verses = [];
  for (let at = paragraph.first; at <= shownLast; at += 1) {
    verses.push({
      verse: verseAt(at)?.verse ?? 0,
      text: plainText(bible, at),
      marked: at >= number && at <= lastNumber,
    });
  }
  const before = [];
  for (let at = paragraph.first; at < number; at += 1) before.push(plainText(kjv, at));
  const speaker = speakerOf({
    christ: verseStrongs(number).some((word) => word.christ),
    verse: plainText(kjv, number),
    before,
  });
  const references = verseCrossReferences(bible, position, {
    offset: 0,
    limit: contextCrossReferenceCount,
  });
  return {
    reference: lastNumber === number ? references.reference : runLabel(position, last),
    translation: bible.translation,
    book: books[position.bookIndex]?.name ?? '',
    chapter: position.chapter,
    verse: position.verse,
    passage: runLabel(verseAt(paragraph.first) ?? position, verseAt(shownLast) ?? position),
    verses,
    speaker,
    cross_references: references.items,
    attribution: references.attribution,
  };
}
