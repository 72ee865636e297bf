import { Slot } from 'radix-ui';
import {
  createContext,
  use,
  useId,
  useRef,
  useState,
  type ComponentProps,
  type Context,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import type { LoadOnce } from '#client/lib/load-once.ts';
import { useIdlePreload } from '#client/lib/use-idle-preload.ts';
import { useLoadedWhileOpen } from '#client/lib/use-loaded.ts';

// What ui/dialog.tsx and ui/popover.tsx share: the open state and the trigger live here, in the
// screen's first load, and the inside (Radix's dialog or popover) is fetched when the browser is
// idle after the screen appears, or at the first opening (decision 014).

export type OverlayState = {
  isOpen: boolean;
  setOpen: (open: boolean) => void;
  contentId: string;
  /** The trigger, when there is one: a popover is placed against it, and focus returns to it. */
  triggerRef: RefObject<HTMLElement | null>;
};

export type OverlayRootProps = {
  /** Open state kept by the caller; left out, the overlay keeps its own (with its trigger). */
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
};

/** The state of one kind of overlay (`name`, for messages), and its inside's code. */
export function overlayParts<Module>(name: string, code: LoadOnce<Module>) {
  const State: Context<OverlayState | null> = createContext<OverlayState | null>(null);

  function useOverlayState(part: string): OverlayState {
    const state = use(State);
    if (!state) throw new Error(`${part} must be inside a <${name}>.`);
    return state;
  }

  function Root({ open, defaultOpen = false, onOpenChange, children }: OverlayRootProps) {
    const [ownOpen, setOwnOpen] = useState(defaultOpen);
    const contentId = useId();
    const triggerRef = useRef<HTMLElement | null>(null);
    useIdlePreload(code.preload);
    const isOpen = open ?? ownOpen;
    function setOpen(next: boolean) {
      setOwnOpen(next);
      onOpenChange?.(next);
    }
    return <State value={{ isOpen, setOpen, contentId, triggerRef }}>{children}</State>;
  }

  /** The button that opens (and, if reachable while open, closes) it, announced as Radix's is. */
  function Trigger({
    asChild = false,
    onClick,
    ...props
  }: ComponentProps<'button'> & { asChild?: boolean }) {
    const { isOpen, setOpen, contentId, triggerRef } = useOverlayState(`${name}Trigger`);
    const Component = asChild ? Slot.Root : 'button';
    return (
      <Component
        type="button"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-controls={isOpen ? contentId : undefined}
        data-state={isOpen ? 'open' : 'closed'}
        {...props}
        ref={triggerRef as RefObject<HTMLButtonElement | null>}
        onClick={(event: MouseEvent<HTMLButtonElement>) => {
          onClick?.(event);
          if (!event.defaultPrevented) setOpen(!isOpen);
        }}
      />
    );
  }

  /**
   * The inside's module while the overlay is open and its code has come. If the code cannot be
   * fetched, a toast says so and the overlay closes.
   */
  function useContent(part: string): { state: OverlayState; module: Module | undefined } {
    const state = useOverlayState(part);
    const module = useLoadedWhileOpen(code, state.isOpen, () => state.setOpen(false));
    return { state, module };
  }

  return { Root, Trigger, useOverlayState, useContent };
}
