import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { PagedData } from '#client/lib/pages.ts';
import type { JournalEntry } from '#shared/schemas/journal.ts';
import {
  addEntryToLists,
  journalKeys,
  removeEntryFromLists,
  replaceEntryInLists,
  type JournalListItem,
} from './journal.ts';

function entry(id: string, emotion_tags: string[] = []): JournalEntry {
  const created_at = '2025-01-01T08:00:00.000Z';
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

function pages(...lists: JournalListItem[][]): PagedData<JournalListItem> {
  return {
    pages: lists.map((items, index) => ({
      items,
      next_cursor: index < lists.length - 1 ? `c${index}` : null,
    })),
    pageParams: lists.map((_, index) => (index === 0 ? null : `c${index - 1}`)),
  };
}

function ids(queryClient: QueryClient, key: readonly unknown[]) {
  return queryClient
    .getQueryData<PagedData<JournalListItem>>(key)
    ?.pages.map((page) => page.items.map((item) => item.id));
}

describe('the cached lists after a write', () => {
  const all = journalKeys.list({});
  const recent = journalKeys.list({ limit: 5 });
  const prayers = journalKeys.list({ tag: 'prayer' });
  const search = journalKeys.list({ q: 'light' });

  function seeded() {
    const queryClient = new QueryClient();
    queryClient.setQueryData(all, pages([entry('b'), entry('a')], [entry('z')]));
    queryClient.setQueryData(recent, pages([entry('b'), entry('a')]));
    queryClient.setQueryData(prayers, pages([entry('p', ['prayer'])]));
    queryClient.setQueryData(search, pages([entry('a')]));
    return queryClient;
  }

  it('puts a new entry first in the lists it belongs in, and leaves searches to the server', () => {
    const queryClient = seeded();
    addEntryToLists(queryClient, entry('c', ['Grateful']));
    expect(ids(queryClient, all)).toEqual([['c', 'b', 'a'], ['z']]);
    expect(ids(queryClient, recent)).toEqual([['c', 'b', 'a']]);
    expect(ids(queryClient, prayers)).toEqual([['p']]);
    expect(ids(queryClient, search)).toEqual([['a']]);

    addEntryToLists(queryClient, entry('q', ['Prayer']));
    expect(ids(queryClient, prayers)).toEqual([['q', 'p']]);
  });

  it('replaces an edited entry and takes a deleted one out, on every page', () => {
    const queryClient = seeded();
    replaceEntryInLists(queryClient, { ...entry('z'), content: 'Edited' });
    expect(
      queryClient.getQueryData<PagedData<JournalListItem>>(all)?.pages[1]?.items[0]?.content,
    ).toBe('Edited');
    removeEntryFromLists(queryClient, 'a');
    expect(ids(queryClient, all)).toEqual([['b'], ['z']]);
    expect(ids(queryClient, search)).toEqual([[]]);
  });
});
