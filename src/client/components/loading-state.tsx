import { Spinner } from './ui/spinner.tsx';

/** A spinner and what is on its way, announced as a status, while a list loads. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div
      role="status"
      className="flex flex-col items-center justify-center gap-3 py-16 text-muted-foreground"
    >
      <Spinner className="size-8" />
      <p>{label}</p>
    </div>
  );
}
