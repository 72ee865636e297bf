import {
  useCallback,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { useDismiss } from '#client/lib/use-dismiss.ts';
import { useHeaderPanels, type HeaderPanels } from './header-panels.ts';

/** Where focus goes when the menu opens: its first item, its last, or the menu itself. */
export type FocusTarget = 'first' | 'last' | 'menu';

type HeaderMenuProps = {
  /** The trigger's content; give it a text or an `aria-label`. */
  trigger: ReactNode;
  triggerLabel?: string;
  triggerClassName?: string;
  triggerSize?: 'md' | 'icon';
  align: 'start' | 'end';
  className?: string;
  /**
   * The menu's content, from the header panels' chunk (fetched at the latest when the menu
   * opens): elements with role menuitem or menuitemradio (and tabIndex -1), labels and groups.
   */
  items: (panels: HeaderPanels) => ReactNode;
};

/**
 * A menu button (WAI-ARIA APG pattern) for the header, without the weight of a positioning
 * library: it opens below its trigger. Enter, Space or ArrowDown open it on the first item,
 * ArrowUp on the last; arrows, Home and End move between items; Escape closes it and returns
 * focus to the trigger, as choosing an item does; Tab or a click outside closes it.
 *
 * The trigger is part of every page; the menu itself (HeaderMenuPanel: its keys and focus) and
 * its items come with the header panels' chunk.
 */
export function HeaderMenu({
  trigger,
  triggerLabel,
  triggerClassName,
  triggerSize = 'md',
  align,
  className,
  items,
}: HeaderMenuProps) {
  // Closed, or open with where focus went first.
  const [openedOn, setOpenedOn] = useState<FocusTarget | null>(null);
  const isOpen = openedOn !== null;
  const close = useCallback(() => setOpenedOn(null), []);
  const containerRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const triggerId = useId();
  const menuId = useId();
  const panels = useHeaderPanels(isOpen, close);
  useDismiss({ isOpen, close, containerRef, triggerRef });

  const onTriggerClick = (event: MouseEvent) => {
    // detail 0: Enter or Space on the trigger, which starts on the first item.
    setOpenedOn(isOpen ? null : event.detail === 0 ? 'first' : 'menu');
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setOpenedOn(event.key === 'ArrowDown' ? 'first' : 'last');
  };

  const isShown = isOpen && panels !== undefined;
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
        aria-controls={isShown ? menuId : undefined}
        data-state={isOpen ? 'open' : 'closed'}
        className={triggerClassName}
        onClick={onTriggerClick}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
      </Button>
      {isShown ? (
        <panels.HeaderMenuPanel
          id={menuId}
          labelledBy={triggerId}
          align={align}
          className={className}
          focusOnOpen={openedOn}
          onClose={() => {
            close();
            triggerRef.current?.focus();
          }}
        >
          {items(panels)}
        </panels.HeaderMenuPanel>
      ) : null}
    </div>
  );
}
