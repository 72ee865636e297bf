import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  useNotificationList,
  notificationKeys,
  useUnreadCount,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '#client/api/notifications.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '#client/components/ui/popover.tsx';
import { badgeText, bellLabel } from '#client/features/notifications/lib/badge.ts';
import { focusFirstItem } from '#client/features/notifications/lib/panel-keyboard.ts';
import { useDeviceAlerts } from '#client/features/notifications/lib/use-device-alerts.ts';
import { useNotificationClickMessages } from '#client/features/notifications/lib/use-notification-click-messages.ts';
import { useRefetchListOnCountChange } from '#client/features/notifications/lib/use-notification-sync.ts';
import { appPath } from '#client/lib/device-notifications/notification-data.ts';
import type { Notification } from '#shared/schemas/notifications.ts';
import { NotificationPanel } from './notification-panel.tsx';

/**
 * product §2 header bell for a signed-in user: the unread badge (polled every minute while the tab
 * is visible) and the notification menu. Loaded lazily through NotificationBellSlot.
 */
export function NotificationBell() {
  const [isOpen, setIsOpen] = useState(false);
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const unread = useUnreadCount();
  const list = useNotificationList();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const unreadCount = unread.data?.unread_count ?? 0;
  const badge = badgeText(unreadCount);

  const { refetch } = list;
  const refetchList = useCallback(() => void refetch(), [refetch]);
  useRefetchListOnCountChange(unread.data?.unread_count, list.data, refetchList);

  const { mutate: markOneRead } = markRead;
  const openNotification = useCallback(
    (notification: Notification) => {
      setIsOpen(false);
      if (!notification.is_read) markOneRead(notification);
      const link = appPath(notification.link);
      if (link) void navigate(link);
    },
    [markOneRead, navigate],
  );
  useDeviceAlerts(list.data, openNotification);

  const openLink = useCallback(
    (link: string | null) => {
      // The service worker has marked it read.
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      if (link) void navigate(link);
    },
    [navigate, queryClient],
  );
  useNotificationClickMessages(openLink);

  return (
    <Popover
      open={isOpen}
      onOpenChange={(open) => {
        setIsOpen(open);
        if (open) refetchList();
      }}
    >
      {/*
        The badge sits beside the button, not in it: it repeats the count the button's name
        already says, and as text inside the button ('99+' for 100) it would be a visible label
        missing from that name (WCAG 2.5.3). It sits on the button's top-right corner, above
        the bell: at its widest ('99+') it would otherwise cover half the icon on a phone, and it
        stays inside the button's width so it never reaches the account menu beside it.
      */}
      <span className="relative inline-flex shrink-0">
        <PopoverTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={bellLabel(unreadCount)}>
            <Bell aria-hidden="true" />
          </Button>
        </PopoverTrigger>
        {badge ? (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="pointer-events-none absolute -top-1.5 right-0 flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] leading-none font-semibold text-destructive-foreground tabular-nums ring-2 ring-background"
          >
            {badge}
          </span>
        ) : null}
      </span>
      <PopoverContent
        ref={panelRef}
        align="end"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="w-[23rem] p-0"
        onOpenAutoFocus={(event) => {
          // Like a menu: focus lands on the newest notification, not on 'Mark all read'.
          event.preventDefault();
          focusFirstItem(panelRef.current);
        }}
      >
        <NotificationPanel
          titleId={titleId}
          list={list}
          unreadCount={unreadCount}
          onOpen={openNotification}
          onMarkAllRead={() => {
            setIsOpen(false);
            markAllRead.mutate();
          }}
          onClose={() => setIsOpen(false)}
        />
      </PopoverContent>
    </Popover>
  );
}
