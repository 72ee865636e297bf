import type { ComponentProps, Ref } from 'react';
import { cn } from '#client/lib/cn.ts';

/**
 * A scrolling box with a slim, themed scrollbar: the browser's own scrolling (touch, wheel,
 * keys), no script. Give it a height (className) and it scrolls its children; with a label the
 * viewport is a focusable region, so keyboard users can scroll it too.
 */
export function ScrollArea({
  className,
  children,
  viewportLabel,
  viewportRef,
  ...props
}: ComponentProps<'div'> & {
  /** Names the scrolling region for assistive technology. */
  viewportLabel?: string;
  /** The element that scrolls, for a virtualized list inside (components/paged-list.tsx). */
  viewportRef?: Ref<HTMLDivElement>;
}) {
  return (
    <div className={cn('relative overflow-hidden', className)} {...props}>
      <div
        ref={viewportRef}
        className="size-full overflow-y-auto overscroll-contain rounded-[inherit] [scrollbar-color:var(--color-border)_transparent] [scrollbar-width:thin] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
        {...(viewportLabel ? { 'aria-label': viewportLabel, role: 'region', tabIndex: 0 } : {})}
      >
        {children}
      </div>
    </div>
  );
}
