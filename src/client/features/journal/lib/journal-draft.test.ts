import { describe, expect, it } from 'vitest';
import {
  clearDraft,
  draftStorageKey,
  emptyDraft,
  parseDraft,
  readDraft,
  writeDraft,
  type JournalDraft,
} from './journal-draft.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const draft: JournalDraft = {
  title: 'Evening',
  content: 'Line one\nLine two',
  tags: ['Peaceful', 'Blessed'],
  verseReference: 'John 3:16',
};

describe('journal draft storage', () => {
  it('round-trips a draft under grounded.journal.draft', () => {
    const storage = memoryStorage();
    writeDraft(storage, draft);
    expect(storage.items.has(draftStorageKey)).toBe(true);
    expect(readDraft(storage)).toEqual(draft);
  });

  it('removes the key for an empty draft and on clear', () => {
    const storage = memoryStorage();
    writeDraft(storage, draft);
    writeDraft(storage, emptyDraft);
    expect(storage.items.size).toBe(0);
    writeDraft(storage, draft);
    clearDraft(storage);
    expect(readDraft(storage)).toEqual(emptyDraft);
  });

  it('reads garbage or odd shapes as an empty (or partly filled) draft', () => {
    const storage = memoryStorage();
    storage.setItem(draftStorageKey, '{not json');
    expect(readDraft(storage)).toEqual(emptyDraft);
    storage.setItem(draftStorageKey, JSON.stringify({ content: 'Hi', tags: ['Sad', 3] }));
    expect(readDraft(storage)).toEqual({ ...emptyDraft, content: 'Hi', tags: ['Sad'] });
    expect(readDraft(undefined)).toEqual(emptyDraft);
  });

  it('ignores storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readDraft(broken)).toEqual(emptyDraft);
    expect(() => writeDraft(broken, draft)).not.toThrow();
    expect(() => clearDraft(broken)).not.toThrow();
  });
});

describe('parseDraft', () => {
  it('reads back a draft that waited in storage, and refuses what is not one', () => {
    const draft: JournalDraft = {
      title: 'Evening',
      content: 'Still here.',
      tags: ['Hopeful'],
      verseReference: 'Psalm 23:1',
    };
    expect(parseDraft(JSON.parse(JSON.stringify(draft)))).toEqual(draft);
    expect(parseDraft({ content: 'Only words', tags: ['Sad', 3], verseReference: '' })).toEqual({
      title: '',
      content: 'Only words',
      tags: ['Sad'],
      verseReference: null,
    });
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft('a draft')).toBeNull();
  });
});
