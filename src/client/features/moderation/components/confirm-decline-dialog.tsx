import type { OwnTestimony } from '../../../../shared/schemas/testimonies.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

type ConfirmDeclineDialogProps = {
  /** The testimony about to be declined; null keeps the dialog closed. */
  testimony: OwnTestimony | null;
  isDeclining: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /**
   * Where the focus goes once the dialog has closed; answers false to give it back to the
   * Decline button that opened it (still there when the moderator cancelled).
   */
  onFocusAfterClose: () => boolean;
};

/**
 * Issue 21 item 10: a declined testimony leaves the queue and is never shared, which one stray
 * click should not do. The moderator confirms first.
 */
export function ConfirmDeclineDialog({
  testimony,
  isDeclining,
  onConfirm,
  onCancel,
  onFocusAfterClose,
}: ConfirmDeclineDialogProps) {
  const author =
    testimony && !testimony.is_anonymous && testimony.author_name
      ? testimony.author_name
      : 'Anonymous';
  return (
    <Dialog
      open={testimony !== null}
      onOpenChange={(open) => {
        if (!open && !isDeclining) onCancel();
      }}
    >
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (onFocusAfterClose()) event.preventDefault();
        }}
      >
        <DialogTitle>Decline this testimony?</DialogTitle>
        <DialogDescription className="mt-2">
          The testimony by {author} will leave the review queue and will never be shared. Its author
          will see it as Declined. This cannot be undone.
        </DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={isDeclining}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            onClick={onConfirm}
            disabled={isDeclining}
            className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
          >
            {isDeclining ? <Spinner className="size-4 text-current" /> : null}
            Decline testimony
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
