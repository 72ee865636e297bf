import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '#shared/schemas/journal.ts';
import { filterEntries } from './filter-entries.ts';

function entry(id: string, title: string | null, content: string, tags: string[]): JournalEntry {
  const at = '2026-01-01T00:00:00.000Z';
  return {
    id,
    title,
    content,
    emotion_tags: tags,
    verse_reference: null,
    created_at: at,
    updated_at: at,
  };
}

const entries = [
  entry('1', 'Morning walk', 'The river was calm.', ['Peaceful']),
  entry('2', null, 'Worried about the exam.', ['Anxious', 'Hopeful']),
  entry('3', 'Thanks', 'So much to be GRATEFUL for.', ['grateful']),
];

describe('filterEntries', () => {
  it('shows everything with no search and All', () => {
    expect(filterEntries(entries, { search: '', tag: 'All' })).toHaveLength(3);
  });

  it('searches title and content, ignoring case and outer spaces', () => {
    expect(filterEntries(entries, { search: ' morning ', tag: 'All' }).map((e) => e.id)).toEqual([
      '1',
    ]);
    expect(filterEntries(entries, { search: 'grateful', tag: 'All' }).map((e) => e.id)).toEqual([
      '3',
    ]);
  });

  it('filters by tag, whatever its case, and combines with the search', () => {
    expect(filterEntries(entries, { search: '', tag: 'Grateful' }).map((e) => e.id)).toEqual(['3']);
    expect(filterEntries(entries, { search: 'river', tag: 'Hopeful' })).toEqual([]);
    expect(filterEntries(entries, { search: 'exam', tag: 'Hopeful' }).map((e) => e.id)).toEqual([
      '2',
    ]);
  });
});
