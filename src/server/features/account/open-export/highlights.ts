import { sql } from 'kysely';
import { books } from '#shared/bible/books.ts';
import { defineKind, inBatches, longDay, openExportBatchSize } from './kind.ts';
import { markdownText } from './markdown.ts';
import { verseReference, verseText } from './verses.ts';

type HighlightRow = {
  book_name: string;
  chapter_number: number;
  verse_number: number;
  created_at: string;
};

/**
 * Highlighted verses in Bible order: book by book in the canon's order, each read off the unique
 * (user, book_name, chapter_number, verse_number) key a batch at a time.
 */
export const highlightsKind = defineKind<HighlightRow & { book_index: number }>({
  file: 'highlights',
  async *batches({ db, userId }) {
    for (const [bookIndex, book] of books.entries()) {
      const batches = inBatches<HighlightRow>((after) => {
        let query = db
          .selectFrom('verse_highlights')
          .select(['book_name', 'chapter_number', 'verse_number', 'created_at'])
          .where('user_id', '=', userId)
          .where('book_name', '=', book.name);
        if (after) {
          query = query.where(
            sql<boolean>`(chapter_number, verse_number) > (${after.chapter_number}, ${after.verse_number})`,
          );
        }
        return query
          .orderBy('chapter_number')
          .orderBy('verse_number')
          .limit(openExportBatchSize)
          .execute();
      });
      for await (const rows of batches) {
        yield rows.map((row) => ({ ...row, book_index: bookIndex }));
      }
    }
  },
  intro: ({ translationName, exportedAt, timeZone }, isEmpty) =>
    isEmpty
      ? `You have no highlighted verses yet. Exported from Grounded on ${longDay(exportedAt.toISOString(), timeZone)}.\n`
      : `Your highlighted verses from Grounded, in Bible order, exported on ${longDay(exportedAt.toISOString(), timeZone)}. ` +
        `The verse text is the ${translationName}.\n`,
  markdownRow(row, previous, { bible, timeZone }) {
    const heading = previous?.book_index === row.book_index ? '' : `\n# ${row.book_name}\n\n`;
    const reference = verseReference(row.book_index, row.chapter_number, row.verse_number);
    const words = verseText(bible, row.book_index, row.chapter_number, row.verse_number);
    return `${heading}- **${reference}** ${markdownText(words)} _Highlighted ${longDay(row.created_at, timeZone)}_\n`;
  },
  csvHeader: ['reference', 'book', 'chapter', 'verse', 'verse_text', 'created_at'],
  csvRow: (row, { bible }) => [
    verseReference(row.book_index, row.chapter_number, row.verse_number),
    row.book_name,
    row.chapter_number,
    row.verse_number,
    verseText(bible, row.book_index, row.chapter_number, row.verse_number),
    row.created_at,
  ],
});
