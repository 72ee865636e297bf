import { Slot } from 'radix-ui';
import type { ComponentProps, MouseEvent } from 'react';
import { loadOnce } from '#client/lib/load-once.ts';
import { overlayParts } from './lazy-overlay.tsx';

// A popover whose open state and trigger live here, and whose panel (Radix's popover,
// popover-content.tsx) is fetched when the browser is idle after the popover's screen appears,
// or at the first opening: no screen carries it in its first load (decision 014), as
// ui/dialog.tsx does for dialogs (lazy-overlay.tsx).

const panelCode = loadOnce(() => import('./popover-content.tsx'));
const parts = overlayParts('Popover', panelCode);

export const Popover = parts.Root;

/** The button that opens and closes the popover, announced as Radix's own trigger is. */
export const PopoverTrigger = parts.Trigger;

type PanelModule = typeof import('./popover-content.tsx');
type ContentProps = Omit<
  ComponentProps<PanelModule['PopoverPanel']>,
  'onOpenChange' | 'triggerRef'
>;

/**
 * The floating panel, placed against the trigger. Radix handles focus, Escape and outside
 * presses; closing gives the focus back to the trigger. If its code cannot be fetched, the
 * popover says so in a toast and closes.
 */
export function PopoverContent(props: ContentProps) {
  const { state, module } = parts.useContent('PopoverContent');
  if (!module) return null;
  return (
    <module.PopoverPanel
      id={state.contentId}
      onOpenChange={state.setOpen}
      triggerRef={state.triggerRef}
      {...props}
    />
  );
}

/** Closes the popover when pressed (a link in it, say). */
export function PopoverClose({
  asChild = false,
  onClick,
  ...props
}: ComponentProps<'button'> & { asChild?: boolean }) {
  const { setOpen } = parts.useOverlayState('PopoverClose');
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      {...(asChild ? {} : { type: 'button' as const })}
      {...props}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) setOpen(false);
      }}
    />
  );
}
