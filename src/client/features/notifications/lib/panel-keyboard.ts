import type { KeyboardEvent } from 'react';

export const itemSelector = '[data-panel-item]';

/** Arrow keys, Home and End move between the notifications (and 'Load more'), as in a menu. */
export function moveFocus(event: KeyboardEvent<HTMLElement>): void {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(itemSelector)];
  if (items.length === 0) return;
  event.preventDefault();
  const current = items.indexOf(document.activeElement as HTMLElement);
  const last = items.length - 1;
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? last
        : event.key === 'ArrowDown'
          ? current === -1 || current === last
            ? 0
            : current + 1
          : current <= 0
            ? last
            : current - 1;
  items[next]?.focus();
}

/** Focuses the first notification, or the panel itself while there is none to focus. */
export function focusFirstItem(panel: HTMLElement | null): void {
  const first = panel?.querySelector<HTMLElement>(itemSelector);
  (first ?? panel)?.focus();
}
