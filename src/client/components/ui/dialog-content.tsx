import { X } from 'lucide-react';
import { Dialog as Primitive } from 'radix-ui';
import { useRef, type ComponentProps } from 'react';
import { cn } from '#client/lib/cn.ts';

// Radix's dialog, the half of ui/dialog.tsx that is drawn only while a dialog is open (focus
// trap, scroll lock, outside presses: about 11 KB gzip). ui/dialog.tsx fetches it when a dialog
// first opens or the browser is idle, never with a screen (decision 014).

export const DialogRoot = Primitive.Root;
export const DialogClose = Primitive.Close;

/**
 * A centred modal with an overlay and a close (X) button. Radix traps focus inside and closes
 * on Escape; on closing, focus goes back to whatever had it when the dialog opened. (Radix alone
 * returns it to a DialogTrigger only: a dialog opened otherwise, like the reader's verse dialog,
 * would drop focus on the page.)
 */
export function DialogContent({
  className,
  children,
  closeLabel = 'Close',
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof Primitive.Content> & { closeLabel?: string }) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Primitive.Portal>
      <Primitive.Overlay className="fixed inset-0 z-50 bg-background/80 backdrop-blur-sm" />
      <Primitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-card p-6 text-card-foreground shadow-xl sm:p-7',
          className,
        )}
        {...props}
        onOpenAutoFocus={(event) => {
          // Still the element that opened the dialog: focus moves in after this event.
          opener.current =
            document.activeElement instanceof HTMLElement ? document.activeElement : null;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          event.preventDefault();
          if (opener.current?.isConnected) opener.current.focus();
        }}
      >
        {children}
        <Primitive.Close
          className="absolute top-3 right-3 inline-flex size-9 cursor-pointer items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
          aria-label={closeLabel}
        >
          <X className="size-4" aria-hidden="true" />
        </Primitive.Close>
      </Primitive.Content>
    </Primitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof Primitive.Title>) {
  return (
    <Primitive.Title
      className={cn('pr-8 font-serif text-xl font-semibold tracking-tight', className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof Primitive.Description>) {
  return (
    <Primitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}
