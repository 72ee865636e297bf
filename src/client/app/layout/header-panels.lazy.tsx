// What the header's menus show once opened: the Explore links with their icons, the theme
// choices and the phone's menu panel. Loaded by header-panels.ts, so that only the buttons that
// open the menus are part of a page's first load.
import { LogIn, LogOut, Monitor, Moon, Settings, Sun } from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { Link, useLocation } from 'react-router';
import { useSignOut } from '#client/api/auth.ts';
import { cn } from '#client/lib/cn.ts';
import { useSession } from '#client/lib/session.ts';
import type { ThemeChoice } from '#client/lib/theme.tsx';
import { exploreDestinations } from '#shared/site-routes.ts';
import { destinationIcons } from './destination-icons.ts';
import type { FocusTarget } from './header-menu.tsx';

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? [...menu.querySelectorAll<HTMLElement>('[role^="menuitem"]')] : [];
}

/**
 * HeaderMenu's open menu: focus moves in as it appears; arrows, Home and End move between
 * items; Space chooses one; Escape (useDismiss), Tab or choosing an item closes it, focus back
 * on the trigger (Tab then moves on from there).
 */
export function HeaderMenuPanel({
  id,
  labelledBy,
  align,
  className,
  focusOnOpen,
  onClose,
  children,
}: {
  id: string;
  labelledBy: string;
  align: 'start' | 'end';
  className?: string;
  focusOnOpen: FocusTarget;
  onClose: () => void;
  children: ReactNode;
}) {
  const menuRef = useRef<HTMLDivElement>(null);
  const firstFocus = useRef(focusOnOpen);

  useEffect(() => {
    const items = menuItems(menuRef.current);
    const target = firstFocus.current;
    (target === 'menu' ? menuRef.current : target === 'last' ? items.at(-1) : items[0])?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    const items = menuItems(menuRef.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusItem = (next: number) => {
      event.preventDefault();
      items[(next + items.length) % items.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return focusItem(index + 1);
      case 'ArrowUp':
        return focusItem(index < 0 ? -1 : index - 1);
      case 'Home':
        return focusItem(0);
      case 'End':
        return focusItem(-1);
      case 'Tab':
        // Closes, and the browser moves on from the trigger to what follows it.
        onClose();
        return;
      case ' ':
        // Space chooses an item, links included.
        if (index >= 0) {
          event.preventDefault();
          items[index]?.click();
        }
        return;
    }
  };

  const onClick = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('[role^="menuitem"]')) onClose();
  };

  const onPointerMove = (event: PointerEvent) => {
    const item = (event.target as HTMLElement).closest<HTMLElement>('[role^="menuitem"]');
    if (item && item !== document.activeElement) item.focus();
  };

  return (
    <div
      ref={menuRef}
      id={id}
      role="menu"
      aria-labelledby={labelledBy}
      aria-orientation="vertical"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onClick={onClick}
      onPointerMove={onPointerMove}
      className={cn(
        'absolute top-full z-50 mt-2 min-w-56 overflow-hidden rounded-xl border border-border bg-card p-1.5 text-card-foreground shadow-lg outline-none',
        align === 'start' ? 'left-0' : 'right-0',
        className,
      )}
    >
      {children}
    </div>
  );
}

/** The look of an item; the focused item is the highlighted one, as in the other menus. */
const headerMenuItemClass =
  'relative flex w-full cursor-pointer select-none items-center gap-3 rounded-lg px-3 py-2 text-left text-sm outline-none focus:bg-muted focus-visible:outline-2 focus-visible:outline-solid focus-visible:-outline-offset-2 focus-visible:outline-ring [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-primary';

/** The Explore menu's items (menuitem links, for HeaderMenu). */
export function ExploreMenuItems() {
  return exploreDestinations.map(({ label, path }) => {
    const Icon = destinationIcons[path];
    return (
      <Link key={path} to={path} role="menuitem" tabIndex={-1} className={headerMenuItemClass}>
        {Icon ? <Icon aria-hidden="true" /> : null}
        {label}
      </Link>
    );
  });
}

const themeOptions: { value: ThemeChoice; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'Auto', icon: Monitor },
];

/** The theme menu's label and its three radio items (for HeaderMenu). */
export function ThemeMenuItems({
  choice,
  onChoose,
}: {
  choice: ThemeChoice;
  onChoose: (choice: ThemeChoice) => void;
}) {
  const labelId = useId();
  return (
    <>
      <div
        id={labelId}
        className="px-3 py-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
      >
        Theme
      </div>
      <div role="group" aria-labelledby={labelId}>
        {themeOptions.map(({ value, label, icon: OptionIcon }) => (
          <button
            key={value}
            type="button"
            role="menuitemradio"
            aria-checked={choice === value}
            tabIndex={-1}
            onClick={() => onChoose(value)}
            className={`${headerMenuItemClass} pr-8`}
          >
            <OptionIcon aria-hidden="true" />
            {label}
            {choice === value ? (
              <span
                aria-hidden="true"
                className="absolute right-3 size-2 rounded-full bg-primary"
              />
            ) : null}
          </button>
        ))}
      </div>
    </>
  );
}

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

/** The phone menu's content: every destination, then the account links. */
export function MobileMenuPanel({ onChoose }: { onChoose: () => void }) {
  const { pathname } = useLocation();
  return (
    <>
      <nav aria-label="Explore menu">
        <ul className="mx-auto grid max-w-6xl gap-1 px-4 py-3">
          {exploreDestinations.map(({ label, path }) => {
            const Icon = destinationIcons[path];
            return (
              <li key={path}>
                <Link
                  to={path}
                  onClick={onChoose}
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
      <AccountLinks onChoose={onChoose} />
    </>
  );
}
