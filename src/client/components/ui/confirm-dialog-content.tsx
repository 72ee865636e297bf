import type { ComponentProps, ReactNode } from 'react';
import { Button } from './button.tsx';
import { DialogClose, DialogContent, DialogDescription, DialogTitle } from './dialog.tsx';
import { Spinner } from './spinner.tsx';

type ConfirmDialogContentProps = {
  title: string;
  description: ReactNode;
  /** The destructive action's label, e.g. 'Delete' or 'Sign out everywhere'. */
  confirmLabel: string;
  /** Shown before the label while idle; a spinner takes its place while the action runs. */
  confirmIcon?: ReactNode;
  isPending: boolean;
  onConfirm: () => void;
  onCloseAutoFocus?: ComponentProps<typeof DialogContent>['onCloseAutoFocus'];
};

/**
 * The inside of a dialog that asks before something that cannot be undone (docs/product.md §2, /moderation):
 * what will happen, Cancel, and the action in the destructive colour. Both buttons wait while
 * the action runs. Put it in a <Dialog> whose open state the caller keeps.
 */
export function ConfirmDialogContent({
  title,
  description,
  confirmLabel,
  confirmIcon,
  isPending,
  onConfirm,
  onCloseAutoFocus,
}: ConfirmDialogContentProps) {
  return (
    <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription className="mt-2">{description}</DialogDescription>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" disabled={isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button
          onClick={onConfirm}
          disabled={isPending}
          className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
        >
          {isPending ? <Spinner className="size-4 text-current" /> : confirmIcon}
          {confirmLabel}
        </Button>
      </div>
    </DialogContent>
  );
}
