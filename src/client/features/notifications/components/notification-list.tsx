import { BellOff, CircleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { useNotificationList } from '#client/api/notifications.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { itemSelector } from '#client/features/notifications/lib/panel-keyboard.ts';
import type { Notification } from '#shared/schemas/notifications.ts';
import { NotificationItem } from './notification-item.tsx';

type NotificationListProps = {
  list: ReturnType<typeof useNotificationList>;
  onOpen: (notification: Notification) => void;
};

/** The panel's body: loading, a failure with Try again, none yet, or the pages loaded so far. */
export function NotificationList({ list, onOpen }: NotificationListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const notifications = list.data?.pages.flatMap((page) => page.items) ?? [];
  const now = new Date();

  // Keyboard users carry on from the first of the older notifications once they are drawn.
  const focusOnArrival = useRef<number | null>(null);
  useEffect(() => {
    const index = focusOnArrival.current;
    if (index === null) return;
    const item = listRef.current?.querySelectorAll<HTMLElement>(itemSelector)[index];
    if (!item) return;
    focusOnArrival.current = null;
    item.focus();
  }, [notifications.length]);

  function loadMore() {
    if (list.isFetchingNextPage) return;
    focusOnArrival.current = notifications.length;
    void list.fetchNextPage().then((result) => {
      if (result.isError) focusOnArrival.current = null;
    });
  }

  if (list.isPending) {
    return (
      <div
        role="status"
        className="flex items-center justify-center gap-2 px-4 py-10 text-sm text-muted-foreground"
      >
        <Spinner className="size-4" />
        Loading notifications...
      </div>
    );
  }
  if (list.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 px-4 py-8 text-center">
        <p className="flex items-start gap-2 text-sm">
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          We couldn&apos;t load your notifications.
        </p>
        <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (notifications.length === 0) {
    return (
      <div className="flex flex-col items-center px-6 py-10 text-center">
        <span className="flex size-11 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <BellOff className="size-5" aria-hidden="true" />
        </span>
        <p className="mt-3 text-sm font-semibold">No notifications yet</p>
        <p className="mt-1 text-sm text-muted-foreground">
          Your journal reminders and daily verses will appear here.
        </p>
      </div>
    );
  }
  return (
    <>
      <ul ref={listRef} className="space-y-0.5">
        {notifications.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            now={now}
            onOpen={onOpen}
          />
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button
          variant="ghost"
          size="sm"
          data-panel-item=""
          className="mt-1 w-full rounded-lg"
          // Not `disabled`: the button keeps focus while the page loads.
          aria-disabled={list.isFetchingNextPage}
          onClick={loadMore}
        >
          {list.isFetchingNextPage ? <Spinner className="size-4" /> : null}
          {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
      {list.isFetchNextPageError ? (
        <p role="alert" className="px-3 py-2 text-center text-sm text-destructive">
          We couldn&apos;t load older notifications. Please try again.
        </p>
      ) : null}
    </>
  );
}
