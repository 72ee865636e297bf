import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.ts';

/** A form label; pass htmlFor so it names its control. */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return (
    <label
      className={cn('text-sm font-medium leading-none text-foreground', className)}
      {...props}
    />
  );
}
