import { dehydrate, QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { adoptHandedOverState } from './handed-over-state.ts';

describe('adoptHandedOverState', () => {
  it('gives the app the answers the page was drawn with, as fresh as they were, without asking again', () => {
    const server = new QueryClient();
    const chapter = { book: 'John', chapter: 3, verses: ['For God so loved the world'] };
    server.setQueryData(['bible', 'John', 3, 'kjv'], chapter, { updatedAt: 1_000 });
    server.setQueryData(['auth', 'session'], { user: null }, { updatedAt: 2_000 });
    const state = JSON.parse(JSON.stringify(dehydrate(server))) as ReturnType<typeof dehydrate>;

    const app = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    adoptHandedOverState(app, state);

    expect(app.getQueryData(['bible', 'John', 3, 'kjv'])).toEqual(chapter);
    expect(app.getQueryState(['bible', 'John', 3, 'kjv'])).toMatchObject({
      status: 'success',
      fetchStatus: 'idle',
      dataUpdatedAt: 1_000,
    });
    expect(app.getQueryData(['auth', 'session'])).toEqual({ user: null });
    const queryFn = vi.fn(() => chapter);
    const observer = new QueryObserver(app, { queryKey: ['bible', 'John', 3, 'kjv'], queryFn });
    const unsubscribe = observer.subscribe(() => {});
    expect(observer.getCurrentResult().data).toEqual(chapter);
    expect(queryFn).not.toHaveBeenCalled();
    unsubscribe();
  });
});
