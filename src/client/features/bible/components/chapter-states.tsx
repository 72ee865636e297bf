import { CircleAlert, RotateCw } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';

const lineWidths = ['w-full', 'w-11/12', 'w-full', 'w-4/5', 'w-full', 'w-10/12', 'w-2/3'];

/** Lines in the shape of a chapter while it loads, so the page does not jump. */
export function ChapterSkeleton() {
  return (
    <div role="status" className="mx-auto max-w-[34em] space-y-7">
      <span className="sr-only">Loading chapter…</span>
      {[0, 1, 2].map((paragraph) => (
        <div key={paragraph} aria-hidden="true" className="space-y-3.5">
          {lineWidths.slice(paragraph, paragraph + 5).map((width, line) => (
            <div key={line} className={`h-4 animate-pulse rounded-full bg-muted ${width}`} />
          ))}
        </div>
      ))}
    </div>
  );
}

/**
 * product §8: 'Unable to load chapter content.' with 'Try Again' (the toast says why). Offline,
 * it also says why here, since the toast goes away and the reason will not.
 */
export function ChapterLoadError({
  onRetry,
  isRetrying,
  offlineMessage,
}: {
  onRetry: () => void;
  isRetrying: boolean;
  /** Set when the chapter could not load because the device is offline. */
  offlineMessage?: string | undefined;
}) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-2xl border border-border bg-card px-6 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <CircleAlert className="size-6" aria-hidden="true" />
      </span>
      <p className="font-medium">Unable to load chapter content.</p>
      {offlineMessage ? <p className="text-sm text-muted-foreground">{offlineMessage}</p> : null}
      <Button variant="outline" onClick={onRetry} disabled={isRetrying}>
        <RotateCw aria-hidden="true" className={isRetrying ? 'animate-spin' : undefined} />
        Try Again
      </Button>
    </div>
  );
}
