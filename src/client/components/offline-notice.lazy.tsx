import { WifiOff } from 'lucide-react';

/** What OfflineBanner shows while the browser is offline. */
export function OfflineNotice() {
  return (
    <div className="border-b border-border bg-secondary text-secondary-foreground">
      <p className="mx-auto flex max-w-6xl items-start gap-2 px-4 py-2 text-sm sm:px-6">
        <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <strong className="font-semibold">You are offline.</strong> Pages you have visited and
          chapters you have read still open; saving needs a connection.
        </span>
      </p>
    </div>
  );
}
