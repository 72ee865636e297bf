import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { SavedVerseStatus } from '../../shared/schemas/verses.ts';
import { markVerseSaved, savedVerseStatusKey } from './saved-verse-status.ts';

describe('markVerseSaved', () => {
  it("stays 'Saved' when a status request sent before the save answers after it", async () => {
    const queryClient = new QueryClient();
    const key = savedVerseStatusKey('John 3:16');
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
