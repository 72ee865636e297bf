import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.ts';

/** A pill that is either on or off (aria-pressed): feeling tags and the tag filter. */
export function ChipButton({
  isPressed,
  className,
  ...props
}: Omit<ComponentProps<'button'>, 'aria-pressed'> & { isPressed: boolean }) {
  return (
    <button
      type="button"
      aria-pressed={isPressed}
      className={cn(
        'inline-flex h-9 cursor-pointer items-center rounded-full border px-4 text-sm font-medium transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        isPressed
          ? 'border-primary bg-primary text-primary-foreground shadow-sm'
          : 'border-border bg-card text-foreground hover:bg-muted',
        className,
      )}
      {...props}
    />
  );
}
