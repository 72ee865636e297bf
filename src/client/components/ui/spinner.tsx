import { Loader2 } from 'lucide-react';
import { cn } from '#client/lib/cn.ts';

type SpinnerProps = {
  className?: string;
  /** Text for screen readers; omit when a visible text already says what is loading. */
  label?: string;
};

export function Spinner({ className, label }: SpinnerProps) {
  return (
    <>
      <Loader2 aria-hidden="true" className={cn('size-5 animate-spin text-primary', className)} />
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  );
}
