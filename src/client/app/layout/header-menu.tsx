import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { useDismiss } from '../../lib/use-dismiss.ts';

/** The look of an item; the focused item is the highlighted one, as in the other menus. */
export const headerMenuItemClass =
  'relative flex w-full cursor-pointer select-none items-center gap-3 rounded-lg px-3 py-2 text-left text-sm outline-none focus:bg-muted focus-visible:outline-2 focus-visible:outline-solid focus-visible:-outline-offset-2 focus-visible:outline-ring [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-primary';

type FocusTarget = 'first' | 'last' | 'menu';

type HeaderMenuProps = {
  /** The trigger's content; give it a text or an `aria-label`. */
  trigger: ReactNode;
  triggerLabel?: string;
  triggerClassName?: string;
  triggerSize?: 'md' | 'icon';
  align: 'start' | 'end';
  className?: string;
  /** Elements with role menuitem or menuitemradio (and tabIndex -1), plus labels and groups. */
  children: ReactNode;
};

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? [...menu.querySelectorAll<HTMLElement>('[role^="menuitem"]')] : [];
}

/**
 * A menu button (WAI-ARIA APG pattern) for the header, without the weight of a positioning
 * library: it opens below its trigger. Enter, Space or ArrowDown open it on the first item,
 * ArrowUp on the last; arrows, Home and End move between items; Escape closes it and returns
 * focus to the trigger, as choosing an item does; Tab or a click outside closes it.
 */
export function HeaderMenu({
  trigger,
  triggerLabel,
  triggerClassName,
  triggerSize = 'md',
  align,
  className,
  children,
}: HeaderMenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const close = useCallback(() => setIsOpen(false), []);
  const focusOnOpen = useRef<FocusTarget>('first');
  const containerRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const triggerId = useId();
  const menuId = useId();

  const open = (target: FocusTarget) => {
    focusOnOpen.current = target;
    setIsOpen(true);
  };
  const closeAndReturnFocus = () => {
    setIsOpen(false);
    triggerRef.current?.focus();
  };

  useEffect(() => {
    if (!isOpen) return;
    const items = menuItems(menuRef.current);
    const target = focusOnOpen.current;
    (target === 'menu' ? menuRef.current : target === 'last' ? items.at(-1) : items[0])?.focus();
  }, [isOpen]);
  useDismiss({ isOpen, close, containerRef, triggerRef });

  const onTriggerClick = (event: MouseEvent) => {
    if (isOpen) setIsOpen(false);
    // detail 0: Enter or Space on the trigger, which starts on the first item.
    else open(event.detail === 0 ? 'first' : 'menu');
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    open(event.key === 'ArrowDown' ? 'first' : 'last');
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
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
        setIsOpen(false);
        triggerRef.current?.focus();
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

  const onMenuClick = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('[role^="menuitem"]')) closeAndReturnFocus();
  };

  const onMenuPointerMove = (event: PointerEvent) => {
    const item = (event.target as HTMLElement).closest<HTMLElement>('[role^="menuitem"]');
    if (item && item !== document.activeElement) item.focus();
  };

  return (
    <div ref={containerRef} className="relative">
      <Button
        ref={triggerRef}
        id={triggerId}
        variant="ghost"
        size={triggerSize}
        aria-label={triggerLabel}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        data-state={isOpen ? 'open' : 'closed'}
        className={triggerClassName}
        onClick={onTriggerClick}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
      </Button>
      {isOpen ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={triggerId}
          aria-orientation="vertical"
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          onClick={onMenuClick}
          onPointerMove={onMenuPointerMove}
          className={cn(
            'absolute top-full z-50 mt-2 min-w-56 overflow-hidden rounded-xl border border-border bg-card p-1.5 text-card-foreground shadow-lg outline-none',
            align === 'start' ? 'left-0' : 'right-0',
            className,
          )}
        >
          {children}
        </div>
      ) : null}
    </div>
  );
}
