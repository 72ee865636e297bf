import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.ts';

type SwitchProps = Omit<ComponentProps<'input'>, 'type' | 'role' | 'onChange'> & {
  onCheckedChange: (checked: boolean) => void;
};

/**
 * An on/off switch: a native checkbox with the switch role, drawn as a track and a thumb. It
 * toggles with a tap, Space or a label, even before the app has started (the app takes its
 * state over when it does: app/early-input.ts), and needs no script of its own.
 */
export function Switch({ className, checked, onCheckedChange, ...props }: SwitchProps) {
  return (
    <span className={cn('relative inline-flex h-7 w-12 shrink-0', className)}>
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
        className="peer absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-full border border-transparent bg-muted-foreground/70 transition-colors checked:bg-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50"
        {...props}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-0.5 left-0.5 block size-6 rounded-full bg-card shadow-sm transition-transform peer-checked:translate-x-5 peer-disabled:opacity-50"
      />
    </span>
  );
}
