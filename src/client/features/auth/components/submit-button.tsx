import type { ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';

type SubmitButtonProps = { isBusy: boolean; busyLabel: string; children: ReactNode };

/** The auth forms' full-width submit button; Button shows the busy state. */
export function SubmitButton({ isBusy, busyLabel, children }: SubmitButtonProps) {
  return (
    <Button type="submit" size="lg" className="w-full" isBusy={isBusy} busyLabel={busyLabel}>
      {children}
    </Button>
  );
}
