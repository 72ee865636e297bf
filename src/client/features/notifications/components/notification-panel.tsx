import { CheckCheck, Settings } from 'lucide-react';
import { Link } from 'react-router';
import type { useNotificationList } from '#client/api/notifications.ts';
import { Button } from '#client/components/ui/button.tsx';
import { moveFocus } from '#client/features/notifications/lib/panel-keyboard.ts';
import type { Notification } from '#shared/schemas/notifications.ts';
import { NotificationList } from './notification-list.tsx';

type NotificationPanelProps = {
  titleId: string;
  list: ReturnType<typeof useNotificationList>;
  unreadCount: number;
  onOpen: (notification: Notification) => void;
  onMarkAllRead: () => void;
  onClose: () => void;
};

/** The bell's menu: its title with 'Mark all read', the notifications, and a way to Settings. */
export function NotificationPanel({
  titleId,
  list,
  unreadCount,
  onOpen,
  onMarkAllRead,
  onClose,
}: NotificationPanelProps) {
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
        <NotificationList list={list} onOpen={onOpen} />
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
