import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

type SubmitButtonProps = { isBusy: boolean; busyLabel: string; children: ReactNode };

/** The form's full-width submit button; while the request runs it is disabled and says so. */
export function SubmitButton({ isBusy, busyLabel, children }: SubmitButtonProps) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={isBusy} aria-busy={isBusy}>
      {isBusy ? (
        <>
          <Spinner className="text-current" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
