import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { groupKeys } from '#client/api/group-keys.ts';
import { fallbackRefetchMs, useGroupEvents } from './use-group-events.ts';

/** A stand-in for the browser's EventSource that the test drives. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  send(event: object) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  fail(readyState: number) {
    this.readyState = readyState;
    this.onerror?.();
  }
}

function setUp(onRemoved = vi.fn()) {
  const queryClient = new QueryClient();
  const invalidated: string[] = [];
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation((filters) => {
    invalidated.push(JSON.stringify(filters?.queryKey));
    return Promise.resolve();
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useGroupEvents('g1', { onRemoved }), { wrapper });
  const source = FakeEventSource.opened.at(-1);
  if (!source) throw new Error('no stream opened');
  return { hook, source, invalidated, onRemoved };
}

const key = (queryKey: readonly unknown[]) => JSON.stringify(queryKey);

describe('useGroupEvents', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('opens the group’s stream and refetches what each event names', () => {
    const { hook, source, invalidated } = setUp();
    expect(source.url).toBe('/api/groups/g1/events');
    expect(hook.result.current).toBe('reconnecting');
    act(() => source.open());
    expect(hook.result.current).toBe('live');

    act(() => source.send({ type: 'prayed', post_id: 'p1' }));
    expect(invalidated).toEqual([key(groupKeys.replies('g1', 'p1')), key(groupKeys.posts('g1'))]);
    invalidated.length = 0;
    act(() => source.send({ type: 'reading' }));
    act(() => source.send({ type: 'members' }));
    act(() => source.send({ type: 'nonsense' }));
    expect(invalidated).toEqual([
      key(groupKeys.reading('g1')),
      key(groupKeys.members('g1')),
      key(groupKeys.group('g1')),
    ]);
  });

  it('refetches every 30 s while the stream is down, and catches up when it is back', () => {
    const { hook, source, invalidated } = setUp();
    act(() => source.open());
    act(() => source.fail(FakeEventSource.CONNECTING));
    expect(hook.result.current).toBe('reconnecting');
    expect(invalidated).toEqual([]);
    act(() => vi.advanceTimersByTime(fallbackRefetchMs));
    expect(invalidated).toEqual([key(groupKeys.posts('g1')), key(groupKeys.reading('g1'))]);
    invalidated.length = 0;
    act(() => source.open());
    expect(hook.result.current).toBe('live');
    expect(invalidated).toEqual([key(groupKeys.posts('g1')), key(groupKeys.reading('g1'))]);
    // Live again: no more polling.
    invalidated.length = 0;
    act(() => vi.advanceTimersByTime(fallbackRefetchMs * 3));
    expect(invalidated).toEqual([]);
  });

  it('tries a refused stream again later', () => {
    const { source } = setUp();
    act(() => source.fail(FakeEventSource.CLOSED));
    expect(FakeEventSource.opened).toHaveLength(1);
    act(() => vi.advanceTimersByTime(5_000));
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it('ends and calls onRemoved when the person is no longer in the group', () => {
    const { source, onRemoved } = setUp();
    act(() => source.open());
    act(() => source.send({ type: 'removed' }));
    expect(onRemoved).toHaveBeenCalledTimes(1);
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    act(() => vi.advanceTimersByTime(120_000));
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('closes its stream when the page goes', () => {
    const { hook, source } = setUp();
    act(() => source.open());
    hook.unmount();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });
});
