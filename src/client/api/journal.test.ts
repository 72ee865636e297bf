import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../shared/schemas/journal.ts';
import { prayerEntries, prayerPayload } from './journal.ts';

function entry(id: string, created_at: string, emotion_tags: string[]): JournalEntry {
  return {
    id,
    title: null,
    content: id,
    emotion_tags,
    verse_reference: null,
    created_at,
    updated_at: created_at,
  };
}

describe('prayer entries', () => {
  it('saves a prayer as a journal entry titled Prayer Entry and tagged prayer', () => {
    expect(prayerPayload('  Lord, thank You.\n ')).toEqual({
      title: 'Prayer Entry',
      content: 'Lord, thank You.',
      emotion_tags: ['prayer'],
      verse_reference: null,
    });
  });

  it('lists only entries tagged prayer, newest first', () => {
    const list = prayerEntries([
      entry('a', '2025-01-01T08:00:00.000Z', ['prayer']),
      entry('b', '2025-01-03T08:00:00.000Z', ['Grateful']),
      entry('c', '2025-01-02T08:00:00.000Z', ['Peaceful', 'prayer']),
    ]);
    expect(list.map((item) => item.id)).toEqual(['c', 'a']);
  });
});
