import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { groupKeys } from '#client/api/group-keys.ts';
import { useIsOnline } from '#client/lib/offline/use-online-status.ts';
import type { GroupEvent } from '#shared/schemas/groups.ts';

export type GroupLiveState = 'live' | 'reconnecting';

/** While the stream is down, what it would have refreshed is refetched this often. */
export const fallbackRefetchMs = 30_000;
/** After the server refused the stream, the next try waits this long, doubling to the last. */
const retryDelaysMs = [5_000, 10_000, 30_000, 60_000];

const eventTypes = new Set<GroupEvent['type']>([
  'posts',
  'replies',
  'prayed',
  'reading',
  'members',
  'group',
  'removed',
]);

function parseEvent(data: unknown): GroupEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as { type?: unknown; post_id?: unknown };
    if (typeof value.type !== 'string' || !eventTypes.has(value.type as GroupEvent['type']))
      return null;
    return typeof value.post_id === 'string'
      ? { type: value.type as GroupEvent['type'], post_id: value.post_id }
      : { type: value.type as GroupEvent['type'] };
  } catch {
    return null;
  }
}

/** Refetches what an event names, through the usual scoped routes (decision 028). */
function refetchFor(queryClient: QueryClient, groupId: string, event: GroupEvent): void {
  const refetch = (queryKey: readonly unknown[]) => {
    void queryClient.invalidateQueries({ queryKey });
  };
  switch (event.type) {
    case 'posts':
      refetch(groupKeys.posts(groupId));
      break;
    case 'replies':
    case 'prayed':
      if (event.post_id) refetch(groupKeys.replies(groupId, event.post_id));
      refetch(groupKeys.posts(groupId));
      break;
    case 'reading':
      refetch(groupKeys.reading(groupId));
      break;
    case 'members':
      refetch(groupKeys.members(groupId));
      refetch(groupKeys.group(groupId));
      break;
    case 'group':
      refetch(groupKeys.group(groupId));
      refetch(groupKeys.list);
      break;
    case 'removed':
      break;
  }
}

/** What a page shows changes to while its stream was down: the wall and the day's reading. */
function catchUp(queryClient: QueryClient, groupId: string): void {
  void queryClient.invalidateQueries({ queryKey: groupKeys.posts(groupId) });
  void queryClient.invalidateQueries({ queryKey: groupKeys.reading(groupId) });
}

/**
 * Keeps a group page current while it is open (decision 028): a server-sent event stream whose
 * events refetch what they name. If the stream drops, the browser reconnects; while it is down
 * the wall and the reading are refetched every 30 seconds, and once back, at once. A refused
 * stream is tried again later; offline, nothing is tried until the network is back. `removed`
 * (the person is no longer in the group) ends it and calls onRemoved.
 */
export function useGroupEvents(
  groupId: string,
  { onRemoved }: { onRemoved: () => void },
): GroupLiveState {
  const queryClient = useQueryClient();
  const isOnline = useIsOnline();
  const [state, setState] = useState<GroupLiveState>('reconnecting');
  const removedRef = useRef(onRemoved);
  useEffect(() => {
    removedRef.current = onRemoved;
  }, [onRemoved]);

  useEffect(() => {
    if (!isOnline || typeof EventSource === 'undefined') return undefined;
    let source: EventSource | null = null;
    let fallback: ReturnType<typeof setInterval> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let wasDown = false;
    let ended = false;

    const goDown = () => {
      setState('reconnecting');
      wasDown = true;
      fallback ??= setInterval(() => catchUp(queryClient, groupId), fallbackRefetchMs);
    };
    const open = () => {
      if (ended) return;
      source = new EventSource(`/api/groups/${encodeURIComponent(groupId)}/events`, {
        withCredentials: true,
      });
      source.onopen = () => {
        attempts = 0;
        setState('live');
        clearInterval(fallback);
        fallback = undefined;
        if (wasDown) catchUp(queryClient, groupId);
        wasDown = false;
      };
      source.onmessage = (message: MessageEvent) => {
        const event = parseEvent(message.data);
        if (!event) return;
        if (event.type === 'removed') {
          ended = true;
          source?.close();
          removedRef.current();
          return;
        }
        refetchFor(queryClient, groupId, event);
      };
      source.onerror = () => {
        goDown();
        // CONNECTING: the browser tries again by itself. CLOSED: it gave up (the server refused
        // the stream), so try again later.
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          const delay = retryDelaysMs[Math.min(attempts, retryDelaysMs.length - 1)] ?? 60_000;
          attempts += 1;
          retry = setTimeout(open, delay);
        }
      };
    };
    open();
    return () => {
      ended = true;
      source?.close();
      clearInterval(fallback);
      clearTimeout(retry);
    };
  }, [groupId, isOnline, queryClient]);

  return isOnline ? state : 'reconnecting';
}
