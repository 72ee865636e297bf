import { lazy, Suspense } from 'react';

// Its own chunk: only signed-in people see the bell, so the landing page does not carry it.
const NotificationBell = lazy(async () => ({
  default: (await import('#client/features/notifications/components/notification-bell.tsx'))
    .NotificationBell,
}));

/** Where the header's notification bell goes for a signed-in user (product §2 layout). */
export function NotificationBellSlot() {
  return (
    <Suspense fallback={<span aria-hidden="true" className="size-10 shrink-0" />}>
      <NotificationBell />
    </Suspense>
  );
}
