import { lazy, Suspense } from 'react';
import type { SessionUser } from '#shared/schemas/auth.ts';

// Its own chunk (with the Radix menu it uses): only signed-in people see it, so no visitor's
// first load carries it.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu.tsx')).UserMenu }));

/** The signed-in user's menu in the header (product §2 layout). */
export function UserMenuSlot({ user }: { user: SessionUser }) {
  return (
    <Suspense fallback={<span aria-hidden="true" className="h-10 w-10 shrink-0 sm:w-40" />}>
      <UserMenu user={user} />
    </Suspense>
  );
}
