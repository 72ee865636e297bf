import { translations } from '#shared/bible/translation-list.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import { defineKind, longDay, newestFirstBatches } from './kind.ts';
import { markdownQuote, markdownText } from './markdown.ts';

type SavedVerseRow = {
  id: string;
  text: string;
  reference: string;
  theme: string | null;
  emotion_tag: string | null;
  custom_note: string | null;
  translation: TranslationId;
  created_at: string;
};

function abbreviation(id: TranslationId): string {
  return (
    translations.find((translation) => translation.id === id)?.abbreviation ?? id.toUpperCase()
  );
}

/** Saved verses newest first, as the collection lists them, each with the words it was saved with. */
export const savedVersesKind = defineKind<SavedVerseRow>({
  file: 'saved-verses',
  batches: ({ db, userId }) =>
    newestFirstBatches(
      db
        .selectFrom('saved_verses')
        .select([
          'id',
          'text',
          'reference',
          'theme',
          'emotion_tag',
          'custom_note',
          'translation',
          'created_at',
        ])
        .where('user_id', '=', userId),
    ),
  intro: ({ exportedAt, timeZone }, isEmpty) =>
    isEmpty
      ? `You have no saved verses yet. Exported from Grounded on ${longDay(exportedAt.toISOString(), timeZone)}.\n`
      : `Your saved verses from Grounded, newest first, exported on ${longDay(exportedAt.toISOString(), timeZone)}.\n`,
  markdownRow(row, _previous, { timeZone }) {
    const details = [
      ...(row.theme ? [`Theme: ${markdownText(row.theme)}`] : []),
      ...(row.emotion_tag ? [`Feeling: ${markdownText(row.emotion_tag)}`] : []),
      `Saved ${longDay(row.created_at, timeZone)}`,
    ];
    const note = row.custom_note?.trim() ? `${markdownText(row.custom_note)}\n\n` : '';
    return (
      `\n## ${markdownText(row.reference)} (${abbreviation(row.translation)})\n\n` +
      `${markdownQuote(row.text.split('\n'))}\n\n${note}_${details.join(' · ')}_\n`
    );
  },
  csvHeader: ['reference', 'translation', 'text', 'note', 'theme', 'feeling', 'created_at'],
  csvRow: (row) => [
    row.reference,
    abbreviation(row.translation),
    row.text,
    row.custom_note,
    row.theme,
    row.emotion_tag,
    row.created_at,
  ],
});
