import { LogIn, LogOut, Menu, Settings, X } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { exploreDestinations } from '../../../shared/site-routes.ts';
import { Button } from '../../components/ui/button.tsx';
import { useSignOut } from '../../api/auth.ts';
import { useSession } from '../../lib/session.ts';
import { useDismiss } from '../../lib/use-dismiss.ts';
import { destinationIcons } from './destination-icons.ts';

const itemClass =
  'flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-base font-medium hover:bg-muted aria-[current=page]:bg-secondary aria-[current=page]:text-secondary-foreground';
const iconClass = 'size-5 text-primary';

/** Sign In for visitors; Settings and Sign Out for a signed-in user; nothing while loading. */
function AccountLinks({ onChoose }: { onChoose: () => void }) {
  const session = useSession();
  const signOut = useSignOut();
  const { pathname, search } = useLocation();
  if (session.status === 'loading') return null;
  return (
    <nav aria-label="Account" className="border-t border-border">
      <ul className="mx-auto grid max-w-6xl gap-1 px-4 py-3">
        {session.status === 'signed-in' ? (
          <>
            <li>
              <Link
                to="/settings"
                onClick={onChoose}
                aria-current={pathname === '/settings' ? 'page' : undefined}
                className={itemClass}
              >
                <Settings className={iconClass} aria-hidden="true" />
                Settings
              </Link>
            </li>
            <li>
              <button
                type="button"
                disabled={signOut.isPending}
                onClick={() => {
                  onChoose();
                  signOut.mutate();
                }}
                className={itemClass}
              >
                <LogOut className={iconClass} aria-hidden="true" />
                Sign Out
              </button>
            </li>
          </>
        ) : (
          <li>
            <Link
              to="/auth"
              state={pathname.startsWith('/auth') ? null : { from: pathname + search }}
              onClick={onChoose}
              aria-current={pathname === '/auth' ? 'page' : undefined}
              className={itemClass}
            >
              <LogIn className={iconClass} aria-hidden="true" />
              Sign In
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** The collapsible menu for small screens: closes on choosing a link, a click outside or Escape. */
export function MobileMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  const close = useCallback(() => setIsOpen(false), []);
  useDismiss({ isOpen, close, containerRef, triggerRef: toggleRef });

  return (
    <div ref={containerRef} className="md:hidden">
      <Button
        ref={toggleRef}
        variant="ghost"
        size="icon"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={isOpen ? 'Close menu' : 'Open menu'}
        onClick={() => setIsOpen((open) => !open)}
      >
        {isOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
      </Button>
      {isOpen ? (
        <div
          id={panelId}
          className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-border bg-background shadow-lg"
        >
          <nav aria-label="Explore menu">
            <ul className="mx-auto grid max-w-6xl gap-1 px-4 py-3">
              {exploreDestinations.map(({ label, path }) => {
                const Icon = destinationIcons[path];
                return (
                  <li key={path}>
                    <Link
                      to={path}
                      onClick={() => setIsOpen(false)}
                      aria-current={pathname === path ? 'page' : undefined}
                      className={itemClass}
                    >
                      {Icon ? <Icon className={iconClass} aria-hidden="true" /> : null}
                      {label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <AccountLinks onChoose={() => setIsOpen(false)} />
        </div>
      ) : null}
    </div>
  );
}
