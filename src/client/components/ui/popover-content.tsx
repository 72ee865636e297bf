import { Popover as Primitive } from 'radix-ui';
import { useRef, type ComponentProps, type RefObject } from 'react';
import { cn } from '#client/lib/cn.ts';

// Radix's popover, the half of ui/popover.tsx that is drawn only while a popover is open
// (placement by floating-ui, outside presses, Escape, focus: about 20 KB gzip). ui/popover.tsx
// fetches it when a popover first opens or the browser is idle, never with a screen (decision
// 014). The trigger is ui/popover.tsx's own button, so the panel is placed against it
// (a virtual anchor) and does the trigger's part itself: a press on the trigger is not an
// outside press, and closing gives the focus back to it.

type PanelProps = ComponentProps<typeof Primitive.Content> & {
  onOpenChange: (open: boolean) => void;
  triggerRef: RefObject<HTMLElement | null>;
};

/** Floating panel anchored to its trigger; Radix handles focus, Escape and outside clicks. */
export function PopoverPanel({
  onOpenChange,
  triggerRef,
  className,
  sideOffset = 8,
  align = 'center',
  collisionPadding = 12,
  onInteractOutside,
  onCloseAutoFocus,
  ...props
}: PanelProps) {
  /** Closed by a press or focus elsewhere: the focus stays where the person put it. */
  const isClosedFromOutside = useRef(false);
  return (
    <Primitive.Root open onOpenChange={onOpenChange}>
      <Primitive.Anchor virtualRef={triggerRef} />
      <Primitive.Portal>
        <Primitive.Content
          sideOffset={sideOffset}
          align={align}
          collisionPadding={collisionPadding}
          className={cn(
            'z-50 w-80 max-w-[calc(100vw-1.5rem)] rounded-xl border border-border bg-card p-4 text-card-foreground shadow-lg outline-none',
            className,
          )}
          {...props}
          onInteractOutside={(event) => {
            onInteractOutside?.(event);
            // The trigger closes the popover on its own press.
            if (triggerRef.current?.contains(event.target as Node | null)) event.preventDefault();
            if (!event.defaultPrevented) isClosedFromOutside.current = true;
          }}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            if (event.defaultPrevented) return;
            event.preventDefault();
            if (!isClosedFromOutside.current) triggerRef.current?.focus();
          }}
        />
      </Primitive.Portal>
    </Primitive.Root>
  );
}
