import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { SavedVerse, SavedVerseStatus } from '../../shared/schemas/verses.ts';
import {
  insertSavedVerse,
  markVerseSaved,
  removeSavedVerse,
  replaceSavedVerse,
  savedVerseKeys,
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
    created_at,
  };
}

const c = verse('c', '2026-06-03T10:00:00.000Z');
const b = verse('b', '2026-06-02T10:00:00.000Z');
const a = verse('a', '2026-06-01T10:00:00.000Z');
const ids = (list: SavedVerse[] | undefined) => list?.map((item) => item.id);

describe('insertSavedVerse', () => {
  it('puts a verse back at its place, newest first', () => {
    expect(ids(insertSavedVerse([c, a], b))).toEqual(['c', 'b', 'a']);
    expect(ids(insertSavedVerse([b, a], c))).toEqual(['c', 'b', 'a']);
    expect(ids(insertSavedVerse([], a))).toEqual(['a']);
  });

  it('orders verses of the same moment by id, descending, as the server does', () => {
    const twin = verse('d', b.created_at);
    expect(ids(insertSavedVerse([c, b, a], twin))).toEqual(['c', 'd', 'b', 'a']);
  });

  it('leaves a list that already holds the verse, and a list not loaded yet', () => {
    expect(ids(insertSavedVerse([c, b], b))).toEqual(['c', 'b']);
    expect(insertSavedVerse(undefined, a)).toBeUndefined();
  });
});

describe('replaceSavedVerse', () => {
  it('swaps the old verse for its new copy, which goes where its date puts it', () => {
    const again = { ...a, id: 'a2', created_at: '2026-06-04T10:00:00.000Z' };
    expect(ids(replaceSavedVerse([c, b, a], 'a', again))).toEqual(['a2', 'c', 'b']);
    expect(ids(replaceSavedVerse([c, b], 'a', again))).toEqual(['a2', 'c', 'b']);
    expect(replaceSavedVerse(undefined, 'a', again)).toBeUndefined();
  });
});

describe('removeSavedVerse', () => {
  it('takes one verse out', () => {
    expect(ids(removeSavedVerse([c, b, a], 'b'))).toEqual(['c', 'a']);
    expect(ids(removeSavedVerse([c], 'x'))).toEqual(['c']);
    expect(removeSavedVerse(undefined, 'b')).toBeUndefined();
  });
});
