import { prayerColumns } from '#server/features/prayers/prayers.service.ts';
import { daysBetween } from '#shared/rules/prayers.ts';
import { defineKind, isoDay, longDay, newestFirstBatches } from './kind.ts';
import { markdownText } from './markdown.ts';

type PrayerRow = {
  id: string;
  title: string;
  details: string | null;
  person: string | null;
  verse_reference: string | null;
  reminder_days: string[] | null;
  reminder_time: string | null;
  answered_on: string | null;
  answered_at: string | null;
  answer_note: string | null;
  created_at: string;
  updated_at: string;
};

/** A local date (YYYY-MM-DD), already the person's day, written as the export writes days. */
function longDate(date: string): string {
  return longDay(`${date}T12:00:00.000Z`, 'UTC');
}

function daysToAnswer(row: PrayerRow, timeZone: string): number | null {
  return row.answered_on ? daysBetween(isoDay(row.created_at, timeZone), row.answered_on) : null;
}

function afterDays(days: number): string {
  if (days === 0) return 'the same day';
  return days === 1 ? 'after 1 day' : `after ${days} days`;
}

/**
 * The prayer list (decision 025), newest first as /prayer lists it (the (user, created_at desc,
 * id desc) index): each request with who it is for, its verse, its reminder and, once answered,
 * the day, how, and how long it took.
 */
export const prayersKind = defineKind<PrayerRow>({
  file: 'prayers',
  batches: ({ db, userId }) =>
    newestFirstBatches(
      db.selectFrom('prayer_requests').select(prayerColumns).where('user_id', '=', userId),
    ),
  intro: ({ exportedAt, timeZone }, isEmpty) =>
    isEmpty
      ? `Your prayer list has no prayers yet. Exported from Grounded on ${longDay(exportedAt.toISOString(), timeZone)}.\n`
      : `Your prayer list from Grounded, newest first, exported on ${longDay(exportedAt.toISOString(), timeZone)}.\n`,
  markdownRow(row, _previous, { timeZone }) {
    const lines = [`\n## ${markdownText(row.title)}\n`];
    if (row.details?.trim()) lines.push(`\n${markdownText(row.details)}\n`);
    const facts = [
      ...(row.person ? [`For: ${markdownText(row.person)}`] : []),
      ...(row.verse_reference ? [`Verse: ${markdownText(row.verse_reference)}`] : []),
      `Added ${longDay(row.created_at, timeZone)}`,
    ];
    lines.push(`\n_${facts.join(' · ')}_\n`);
    const days = daysToAnswer(row, timeZone);
    if (row.answered_on && days !== null) {
      lines.push(
        `\n**Answered ${longDate(row.answered_on)}**, ${afterDays(days)}.` +
          (row.answer_note?.trim() ? ` ${markdownText(row.answer_note)}` : '') +
          '\n',
      );
    }
    return lines.join('');
  },
  csvHeader: [
    'title',
    'details',
    'person',
    'verse_reference',
    'reminder_days',
    'reminder_time',
    'answered_on',
    'answer_note',
    'days_to_answer',
    'created_at',
    'updated_at',
  ],
  csvRow: (row, { timeZone }) => [
    row.title,
    row.details,
    row.person,
    row.verse_reference,
    row.reminder_days?.join('; '),
    row.reminder_time,
    row.answered_on,
    row.answer_note,
    daysToAnswer(row, timeZone),
    row.created_at,
    row.updated_at,
  ],
});
