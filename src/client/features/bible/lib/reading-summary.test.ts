import { describe, expect, it } from 'vitest';
import type { ReadingProgress } from '../../../../shared/schemas/reading.ts';
import { summarizeBooksStarted } from './reading-summary.ts';

function row(book_name: string, chapter_number: number): ReadingProgress {
  const at = '2026-01-01T00:00:00.000Z';
  return {
    book_name,
    chapter_number,
    reading_time_seconds: null,
    completed_at: at,
    updated_at: at,
  };
}

describe('summarizeBooksStarted', () => {
  it('groups newest-first rows by book, latest chapter first', () => {
    expect(
      summarizeBooksStarted([row('John', 4), row('Psalms', 23), row('John', 3), row('John', 1)]),
    ).toEqual([
      { bookName: 'John', bookIndex: 42, chaptersRead: 3, latestChapter: 4 },
      { bookName: 'Psalms', bookIndex: 18, chaptersRead: 1, latestChapter: 23 },
    ]);
  });

  it('is empty without progress', () => {
    expect(summarizeBooksStarted([])).toEqual([]);
  });
});
