import { ChevronDown } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Logo } from '#client/components/logo.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useSession } from '#client/lib/session.ts';
import { useIdlePreload } from '#client/lib/use-idle-preload.ts';
import { HeaderMenu } from './header-menu.tsx';
import { preloadHeaderPanels } from './header-panels.ts';
import { MobileMenu } from './mobile-menu.tsx';
import { NotificationBellSlot } from './notification-bell-slot.tsx';
import { ThemeMenu } from './theme-menu.tsx';
import { UserMenuSlot } from './user-menu-slot.tsx';

/** Sign In for visitors, the bell and the user menu for a signed-in user. */
function AccountControls() {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (session.status === 'loading') {
    // Keep the place without showing 'Sign In' to someone who may well be signed in.
    return <span aria-hidden="true" className="h-9 w-20" />;
  }
  if (session.status === 'signed-in') {
    return (
      <>
        <NotificationBellSlot />
        <UserMenuSlot user={session.user} />
      </>
    );
  }
  return (
    <Button asChild size="sm">
      <Link to="/auth" state={pathname.startsWith('/auth') ? null : { from: pathname + search }}>
        Sign In
      </Link>
    </Button>
  );
}

export function Header() {
  useIdlePreload(preloadHeaderPanels);
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="relative mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <Link to="/" className="rounded-lg" aria-label="Grounded home">
          <Logo size="sm" className="sm:hidden" />
          <Logo size="md" className="hidden sm:inline-flex" />
        </Link>
        <nav aria-label="Main" className="ml-4 hidden md:block">
          <HeaderMenu
            trigger={
              <>
                Explore
                <ChevronDown
                  aria-hidden="true"
                  className="transition-transform group-data-[state=open]:rotate-180"
                />
              </>
            }
            triggerClassName="group"
            align="start"
            className="w-64"
            items={({ ExploreMenuItems }) => <ExploreMenuItems />}
          />
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <ThemeMenu />
          <AccountControls />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
