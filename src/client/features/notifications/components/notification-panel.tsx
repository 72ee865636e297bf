import { BellOff, CheckCheck, CircleAlert, Settings } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { Notification } from '../../../../shared/schemas/notifications.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { useNotificationList } from '../api/get-notifications.ts';
import { NotificationItem } from './notification-item.tsx';

type NotificationPanelProps = {
  titleId: string;
  list: ReturnType<typeof useNotificationList>;
  unreadCount: number;
  onOpen: (notification: Notification) => void;
  onMarkAllRead: () => void;
  onClose: () => void;
};

const itemSelector = '[data-panel-item]';

/** Arrow keys, Home and End move between the notifications (and 'Load more'), as in a menu. */
function moveFocus(event: KeyboardEvent<HTMLElement>): void {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(itemSelector)];
  if (items.length === 0) return;
  event.preventDefault();
  const current = items.indexOf(document.activeElement as HTMLElement);
  const last = items.length - 1;
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? last
        : event.key === 'ArrowDown'
          ? current === -1 || current === last
            ? 0
            : current + 1
          : current <= 0
            ? last
            : current - 1;
  items[next]?.focus();
}

/** Focuses the first notification, or the panel itself while there is none to focus. */
export function focusFirstItem(panel: HTMLElement | null): void {
  const first = panel?.querySelector<HTMLElement>(itemSelector);
  (first ?? panel)?.focus();
}

export function NotificationPanel({
  titleId,
  list,
  unreadCount,
  onOpen,
  onMarkAllRead,
  onClose,
}: NotificationPanelProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const notifications = list.data?.pages.flatMap((page) => page.notifications) ?? [];
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

  return (
    <div onKeyDown={moveFocus}>
      <div className="flex min-h-14 items-center justify-between gap-3 border-b border-border py-2 pr-2 pl-4">
        <h2 id={titleId} className="font-serif text-base font-semibold">
          Notifications
        </h2>
        {unreadCount > 0 ? (
          <Button
            variant="ghost"
            size="sm"
            className="h-9 px-3 text-primary"
            onClick={onMarkAllRead}
          >
            <CheckCheck aria-hidden="true" />
            Mark all read
          </Button>
        ) : null}
      </div>
      <div className="max-h-[min(26rem,calc(100dvh-12rem))] overflow-y-auto overscroll-contain p-1.5">
        {list.isPending ? (
          <div
            role="status"
            className="flex items-center justify-center gap-2 px-4 py-10 text-sm text-muted-foreground"
          >
            <Spinner className="size-4" />
            Loading notifications...
          </div>
        ) : list.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 px-4 py-8 text-center">
            <p className="flex items-start gap-2 text-sm">
              <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
              We couldn&apos;t load your notifications.
            </p>
            <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : notifications.length === 0 ? (
          <div className="flex flex-col items-center px-6 py-10 text-center">
            <span className="flex size-11 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
              <BellOff className="size-5" aria-hidden="true" />
            </span>
            <p className="mt-3 text-sm font-semibold">No notifications yet</p>
            <p className="mt-1 text-sm text-muted-foreground">
              Your journal reminders and daily verses will appear here.
            </p>
          </div>
        ) : (
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
        )}
      </div>
      <div className="border-t border-border p-1.5">
        <Link
          to="/settings"
          onClick={onClose}
          className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
        >
          <Settings className="size-4" aria-hidden="true" />
          Notification settings
        </Link>
      </div>
    </div>
  );
}
