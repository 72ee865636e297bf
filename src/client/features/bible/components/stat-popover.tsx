import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode, type Ref } from 'react';
import { Popover, PopoverContent, PopoverTrigger } from '#client/components/ui/popover.tsx';
import { ScrollArea } from '#client/components/ui/scroll-area.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';

type StatPopoverProps = {
  label: string;
  count: number | undefined;
  icon: LucideIcon;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isLoading: boolean;
  isError: boolean;
  emptyText: string;
  children: ReactNode;
  /** The scroll area's viewport, for a list virtualized inside it (components/paged-list.tsx). */
  viewportRef?: Ref<HTMLDivElement>;
};

/**
 * product §2: a stat (its count on the trigger) that opens a list of its items in a scroll area
 * exactly 320 px high.
 */
export function StatPopover({
  label,
  count,
  icon: Icon,
  open,
  onOpenChange,
  isLoading,
  isError,
  emptyText,
  children,
  viewportRef,
}: StatPopoverProps) {
  const headingId = useId();
  const hasItems = !isLoading && !isError && children !== null;
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger className="group flex min-w-0 cursor-pointer items-center gap-3 rounded-2xl border border-border bg-card px-3 py-2.5 text-left shadow-xs transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=open]:border-primary/40 data-[state=open]:bg-muted sm:px-4 sm:py-3">
        <span className="hidden size-9 shrink-0 items-center justify-center rounded-xl bg-secondary text-secondary-foreground sm:flex">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        <span className="flex min-w-0 flex-col">
          <span className="text-xl leading-tight font-semibold tabular-nums">
            {count ?? <span className="text-muted-foreground">–</span>}
          </span>
          <span className="text-xs leading-tight font-medium text-muted-foreground sm:text-sm">
            {label}
          </span>
        </span>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-80 p-0" aria-labelledby={headingId}>
        <h2
          id={headingId}
          className="border-b border-border px-4 py-3 font-serif text-base font-semibold"
        >
          {label}
        </h2>
        <ScrollArea
          className="h-[320px]"
          viewportLabel={`${label} list`}
          {...(viewportRef ? { viewportRef } : {})}
        >
          {isLoading ? (
            <div className="flex justify-center py-10">
              <Spinner label={`Loading ${label.toLowerCase()}`} />
            </div>
          ) : isError ? (
            <p className="px-4 py-6 text-sm text-muted-foreground">
              This list could not be loaded. Please try again.
            </p>
          ) : hasItems ? (
            children
          ) : (
            <p className="px-4 py-6 text-sm text-muted-foreground">{emptyText}</p>
          )}
        </ScrollArea>
      </PopoverContent>
    </Popover>
  );
}
