import { sql } from 'kysely';
import { books } from '#shared/bible/books.ts';
import { verseAt } from '#shared/bible/verse-index.ts';
import { defineKind, inBatches, isoDay, longDay, openExportBatchSize } from './kind.ts';
import { markdownQuote, markdownText } from './markdown.ts';
import { verseReference, verseText } from './verses.ts';

type NoteRow = {
  id: string;
  book_index: number;
  first_verse: number;
  last_verse: number;
  text: string;
  tags: string[];
  created_at: string;
  updated_at: string;
};

type Place = { bookIndex: number; chapter: number; first: number; last: number };

function placeOf(row: NoteRow): Place {
  const first = verseAt(row.first_verse);
  const last = verseAt(row.last_verse);
  if (!first || !last) throw new Error(`verse_notes ${row.id} names no verse`);
  return {
    bookIndex: first.bookIndex,
    chapter: first.chapter,
    first: first.verse,
    last: last.verse,
  };
}

function versesOf(place: Place): number[] {
  return Array.from({ length: place.last - place.first + 1 }, (_, i) => place.first + i);
}

/**
 * Notes on verses (decision 024) in Bible order: read off the (user, first_verse, last_verse)
 * index a batch at a time, after the last note given (its place, then its time and id, so that
 * several notes on one verse are each read once).
 */
export const notesKind = defineKind<NoteRow>({
  file: 'notes',
  batches: ({ db, userId }) =>
    inBatches((after) => {
      let query = db
        .selectFrom('verse_notes')
        .select([
          'id',
          'book_index',
          'first_verse',
          'last_verse',
          'text',
          'tags',
          'created_at',
          'updated_at',
        ])
        .where('user_id', '=', userId);
      if (after) {
        query = query.where(
          sql<boolean>`(first_verse, last_verse, created_at, id) > (${after.first_verse}, ${after.last_verse}, ${after.created_at}, ${after.id})`,
        );
      }
      return query
        .orderBy('first_verse')
        .orderBy('last_verse')
        .orderBy('created_at')
        .orderBy('id')
        .limit(openExportBatchSize)
        .execute();
    }),
  intro: ({ translationName, exportedAt, timeZone }, isEmpty) =>
    isEmpty
      ? `You have no notes on verses yet. Exported from Grounded on ${longDay(exportedAt.toISOString(), timeZone)}.\n`
      : `Your notes on verses from Grounded, in Bible order, exported on ${longDay(exportedAt.toISOString(), timeZone)}. ` +
        `The verse text is the ${translationName}.\n`,
  markdownRow(row, previous, { bible, timeZone }) {
    const place = placeOf(row);
    const before = previous ? placeOf(previous) : null;
    const book = books[place.bookIndex]?.name ?? '';
    let text = '';
    if (before?.bookIndex !== place.bookIndex) text += `\n# ${book}\n`;
    if (before?.bookIndex !== place.bookIndex || before.chapter !== place.chapter) {
      text += `\n## ${book} ${place.chapter}\n`;
    }
    const verses = versesOf(place);
    const quoted = verses.map((verse) => {
      const words = verseText(bible, place.bookIndex, place.chapter, verse);
      return verses.length > 1 ? `${verse} ${words}` : words;
    });
    const written = longDay(row.created_at, timeZone);
    const edited =
      isoDay(row.updated_at, timeZone) !== isoDay(row.created_at, timeZone)
        ? ` (edited ${longDay(row.updated_at, timeZone)})`
        : '';
    const tags = row.tags.length > 0 ? `Tags: ${row.tags.map(markdownText).join(', ')} · ` : '';
    return (
      text +
      `\n### ${verseReference(place.bookIndex, place.chapter, place.first, place.last)}\n\n` +
      `${markdownQuote(quoted)}\n\n${markdownText(row.text)}\n\n` +
      `_${tags}Written ${written}${edited}_\n`
    );
  },
  csvHeader: [
    'reference',
    'book',
    'chapter',
    'verse',
    'end_verse',
    'verse_text',
    'note',
    'tags',
    'created_at',
    'updated_at',
  ],
  csvRow(row, { bible }) {
    const place = placeOf(row);
    const words = versesOf(place)
      .map((verse) => verseText(bible, place.bookIndex, place.chapter, verse))
      .join(' ');
    return [
      verseReference(place.bookIndex, place.chapter, place.first, place.last),
      books[place.bookIndex]?.name,
      place.chapter,
      place.first,
      place.last,
      words,
      row.text,
      row.tags.join('; '),
      row.created_at,
      row.updated_at,
    ];
  },
});
