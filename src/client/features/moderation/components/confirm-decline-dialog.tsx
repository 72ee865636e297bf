import { ConfirmDialogContent } from '#client/components/ui/confirm-dialog-content.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import type { OwnTestimony } from '#shared/schemas/testimonies.ts';

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
 * A declined testimony leaves the queue and is never shared, which one stray click should not
 * do. The moderator confirms first (docs/product.md §2, /moderation).
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
      <ConfirmDialogContent
        title="Decline this testimony?"
        description={`The testimony by ${author} will leave the review queue and will never be shared. Its author will see it as Declined. This cannot be undone.`}
        confirmLabel="Decline testimony"
        isPending={isDeclining}
        onConfirm={onConfirm}
        onCloseAutoFocus={(event) => {
          if (onFocusAfterClose()) event.preventDefault();
        }}
      />
    </Dialog>
  );
}
