import { CircleAlert } from 'lucide-react';
import { useIsOnline } from '#client/lib/offline/use-online-status.ts';
import { Button } from './ui/button.tsx';
import { Spinner } from './ui/spinner.tsx';

type LoadErrorProps = {
  /** What could not be loaded, e.g. "We couldn't load your bookmarks." */
  message: string;
  isRetrying: boolean;
  onRetry: () => void;
};

/** Shown in place of a list when it could not be loaded (the toast says the same, briefly). */
export function LoadError({ message, isRetrying, onRetry }: LoadErrorProps) {
  const isOnline = useIsOnline();
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-4 rounded-2xl border border-border bg-card p-6 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <CircleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
        <div>
          <p className="font-medium">{message}</p>
          <p className="mt-1 text-sm text-muted-foreground">
            {isOnline
              ? 'Check your connection, then try again.'
              : 'You are offline, and this has not been saved on this device. Try again once you are back online.'}
          </p>
        </div>
      </div>
      <Button variant="outline" onClick={onRetry} disabled={isRetrying} className="shrink-0">
        {isRetrying ? <Spinner className="size-4 text-current" /> : null}
        Try again
      </Button>
    </div>
  );
}
