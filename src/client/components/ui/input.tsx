import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** A text field with the app's look; pass aria-invalid to show the error state. */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        'flex h-11 w-full min-w-0 rounded-xl border border-border bg-card px-4 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground sm:text-sm',
        'focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/30',
        'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/25',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
