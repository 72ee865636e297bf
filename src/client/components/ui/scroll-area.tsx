import { ScrollArea as Primitive } from 'radix-ui';
import type { ComponentProps, Ref } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * A scrolling box with a slim, themed scrollbar. Give it a height (className) and it scrolls
 * its children; the viewport is focusable so keyboard users can scroll it too.
 */
export function ScrollArea({
  className,
  children,
  viewportLabel,
  viewportRef,
  ...props
}: ComponentProps<typeof Primitive.Root> & {
  /** Names the scrolling region for assistive technology. */
  viewportLabel?: string;
  /** The element that scrolls, for a virtualized list inside (components/paged-list.tsx). */
  viewportRef?: Ref<HTMLDivElement>;
}) {
  return (
    <Primitive.Root className={cn('relative overflow-hidden', className)} {...props}>
      <Primitive.Viewport
        ref={viewportRef}
        className="size-full rounded-[inherit] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
        {...(viewportLabel ? { 'aria-label': viewportLabel, role: 'region', tabIndex: 0 } : {})}
      >
        {children}
      </Primitive.Viewport>
      <Primitive.Scrollbar
        orientation="vertical"
        className="flex w-2.5 touch-none border-l border-l-transparent p-px transition-colors select-none"
      >
        <Primitive.Thumb className="relative flex-1 rounded-full bg-border" />
      </Primitive.Scrollbar>
      <Primitive.Corner />
    </Primitive.Root>
  );
}
