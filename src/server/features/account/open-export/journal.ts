import { defineKind, isoDay, longDay, timeOfDay, newestFirstBatches } from './kind.ts';
import { markdownText } from './markdown.ts';

type EntryRow = {
  id: string;
  title: string | null;
  content: string;
  emotion_tags: string[];
  verse_reference: string | null;
  created_at: string;
  updated_at: string;
};

/**
 * Journal entries newest first, as the journal lists them (the (user, created_at desc, id desc)
 * index), grouped by the day they were written. Prayers saved from /prayer are on the prayer
 * list and written in prayers.md (decision 025).
 */
export const journalKind = defineKind<EntryRow>({
  file: 'journal',
  batches: ({ db, userId }) =>
    newestFirstBatches(
      db
        .selectFrom('journal_entries')
        .select([
          'id',
          'title',
          'content',
          'emotion_tags',
          'verse_reference',
          'created_at',
          'updated_at',
        ])
        .where('user_id', '=', userId),
    ),
  intro: ({ exportedAt, timeZone }, isEmpty) =>
    isEmpty
      ? `Your journal has no entries yet. Exported from Grounded on ${longDay(exportedAt.toISOString(), timeZone)}.\n`
      : `Your journal from Grounded, newest first, exported on ${longDay(exportedAt.toISOString(), timeZone)}.\n`,
  markdownRow(row, previous, { timeZone }) {
    const day = longDay(row.created_at, timeZone);
    const heading =
      previous && isoDay(previous.created_at, timeZone) === isoDay(row.created_at, timeZone)
        ? ''
        : `\n# ${day}\n`;
    const time = timeOfDay(row.created_at, timeZone);
    const title = row.title?.trim() ? markdownText(row.title) : time;
    const details = [
      ...(row.emotion_tags.length > 0
        ? [`Tags: ${row.emotion_tags.map(markdownText).join(', ')}`]
        : []),
      ...(row.verse_reference ? [`Verse: ${markdownText(row.verse_reference)}`] : []),
      `Written ${row.title?.trim() ? `at ${time}` : day}`,
      ...(isoDay(row.updated_at, timeZone) !== isoDay(row.created_at, timeZone)
        ? [`edited ${longDay(row.updated_at, timeZone)}`]
        : []),
    ];
    return `${heading}\n## ${title}\n\n${markdownText(row.content)}\n\n_${details.join(' · ')}_\n`;
  },
  csvHeader: ['title', 'content', 'tags', 'verse_reference', 'created_at', 'updated_at'],
  csvRow: (row) => [
    row.title,
    row.content,
    row.emotion_tags.join('; '),
    row.verse_reference,
    row.created_at,
    row.updated_at,
  ],
});
