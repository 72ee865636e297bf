import { Bell, Heart } from 'lucide-react';
import { notificationTimestamp } from '#client/features/notifications/lib/notification-time.ts';
import { cn } from '#client/lib/cn.ts';
import type { Notification } from '#shared/schemas/notifications.ts';

type NotificationItemProps = {
  notification: Notification;
  now: Date;
  onOpen: (notification: Notification) => void;
};

/**
 * product §2: a heart for journal reminders, a bell for every other type; unread ones carry a dot
 * (and 'Unread' for screen readers), read ones are dimmed but keep AA contrast.
 */
export function NotificationItem({ notification, now, onOpen }: NotificationItemProps) {
  const { title, message, created_at, is_read: isRead } = notification;
  const isReminder = notification.type === 'journal_reminder';
  const Icon = isReminder ? Heart : Bell;
  return (
    <li>
      <button
        type="button"
        data-panel-item=""
        onClick={() => onOpen(notification)}
        className={cn(
          'flex w-full cursor-pointer items-start gap-3 rounded-lg px-3 py-3 text-left transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
          !isRead && 'bg-secondary/60',
        )}
      >
        <span
          className={cn(
            'flex size-8 shrink-0 items-center justify-center rounded-full',
            isRead ? 'bg-muted text-muted-foreground' : 'bg-secondary text-primary',
          )}
        >
          <Icon data-icon={isReminder ? 'heart' : 'bell'} aria-hidden="true" className="size-4" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-3">
            <span
              className={cn(
                'min-w-0 text-sm break-words',
                isRead ? 'font-medium text-muted-foreground' : 'font-semibold text-foreground',
              )}
            >
              {title}
            </span>
            <time
              dateTime={created_at}
              className="shrink-0 text-xs whitespace-nowrap text-muted-foreground"
            >
              {notificationTimestamp(created_at, now)}
            </time>
          </span>
          <span
            className={cn(
              'mt-0.5 line-clamp-3 text-sm break-words',
              isRead ? 'text-muted-foreground' : 'text-foreground/85',
            )}
          >
            {message}
          </span>
        </span>
        <span className="flex h-5 w-2 shrink-0 items-center">
          {isRead ? null : (
            <>
              <span aria-hidden="true" className="size-2 rounded-full bg-primary" />
              <span className="sr-only">Unread</span>
            </>
          )}
        </span>
      </button>
    </li>
  );
}
