import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PagedData } from '#client/lib/pages.ts';
import type { SavedVerse, SavedVerseStatus } from '#shared/schemas/verses.ts';
import {
  insertVerseIntoLists,
  markVerseSaved,
  removeVerseFromLists,
  restoreSavedVerse,
  savedVerseKeys,
  type SavedVerseListItem,
} from './saved-verses.ts';

describe('markVerseSaved', () => {
  it("stays 'Saved' when a status request sent before the save answers after it", async () => {
    const queryClient = new QueryClient();
    const key = savedVerseKeys.status('John 3:16');
    let answer: (status: SavedVerseStatus) => void = () => {};
    const fetching = queryClient
      .fetchQuery({
        queryKey: key,
        queryFn: () => new Promise<SavedVerseStatus>((resolve) => (answer = resolve)),
      })
      .catch(() => undefined);

    markVerseSaved(queryClient, 'John 3:16');
    answer({ saved: false });
    await fetching;

    expect(queryClient.getQueryData(key)).toEqual({ saved: true });
  });
});

function verse(id: string, created_at: string): SavedVerse {
  return {
    id,
    text: `Text ${id}`,
    reference: `Ref ${id}`,
    theme: 'Peace',
    emotion_tag: null,
    custom_note: null,
    translation: 'kjv',
    tags: [],
    created_at,
  };
}

const d = verse('d', '2026-06-04T10:00:00.000Z');
const c = verse('c', '2026-06-03T10:00:00.000Z');
const b = verse('b', '2026-06-02T10:00:00.000Z');
const a = verse('a', '2026-06-01T10:00:00.000Z');

function pages(...lists: SavedVerse[][]): PagedData<SavedVerseListItem> {
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
    .getQueryData<PagedData<SavedVerseListItem>>(key)
    ?.pages.map((page) => page.items.map((item) => item.id));
}

describe('the cached lists of saved verses', () => {
  const all = savedVerseKeys.list({});
  const peace = savedVerseKeys.list({ theme: 'Peace' });

  it('takes a verse out of every list, and says which lists held it', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(all, pages([d, c], [b, a]));
    queryClient.setQueryData(peace, pages([d]));
    expect(removeVerseFromLists(queryClient, 'b')).toEqual([all]);
    expect(ids(queryClient, all)).toEqual([['d', 'c'], ['a']]);
    expect(removeVerseFromLists(queryClient, 'd')).toEqual([all, peace]);
    expect(ids(queryClient, peace)).toEqual([[]]);
  });

  it('puts a verse back where the server lists it, and only in the whole collection unless told', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(all, pages([d], [c, a]));
    queryClient.setQueryData(peace, pages([d]));
    insertVerseIntoLists(queryClient, b);
    expect(ids(queryClient, all)).toEqual([['d'], ['c', 'b', 'a']]);
    expect(ids(queryClient, peace)).toEqual([['d']]);
    // Once only, whatever the list held.
    insertVerseIntoLists(queryClient, b);
    expect(ids(queryClient, all)).toEqual([['d'], ['c', 'b', 'a']]);
    insertVerseIntoLists(queryClient, c, [peace]);
    expect(ids(queryClient, peace)).toEqual([['d', 'c']]);
  });

  it('leaves out a verse older than all that is loaded while older pages remain', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(all, pages([d, c], [b]));
    queryClient.setQueryData(all, {
      ...queryClient.getQueryData<PagedData<SavedVerseListItem>>(all)!,
      pages: [{ items: [d, c], next_cursor: 'more' }],
    });
    insertVerseIntoLists(queryClient, a);
    expect(ids(queryClient, all)).toEqual([['d', 'c']]);
  });
});

describe('restoreSavedVerse', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves the words again in the translation they were saved in', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ ...removed, id: 'new' }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const removed: SavedVerse = { ...verse('w', '2026-06-05T10:00:00.000Z'), translation: 'web' };
    await restoreSavedVerse(removed);
    expect(sent).toEqual([
      {
        text: 'Text w',
        reference: 'Ref w',
        theme: 'Peace',
        emotion_tag: null,
        custom_note: null,
        translation: 'web',
      },
    ]);
  });
});
