import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.ts';

/** A text field with the app's look; pass aria-invalid to show the error state. */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        'flex h-11 w-full min-w-0 rounded-xl border border-input bg-card px-4 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground sm:text-sm',
        // :focus-within, not :focus-visible: a time field's focus is on its inner parts, and
        // Chrome matches neither on the field itself when Shift+Tab enters it from below (a
        // text field matches all three, so nothing else changes).
        'focus-within:border-ring focus-within:outline-none focus-within:ring-3 focus-within:ring-ring/30',
        'aria-invalid:border-destructive aria-invalid:focus-within:ring-destructive/25',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
