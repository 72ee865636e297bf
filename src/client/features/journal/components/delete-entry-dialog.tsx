import { useDeleteJournalEntry } from '#client/api/journal.ts';
import { ConfirmDialogContent } from '#client/components/ui/confirm-dialog-content.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { notify } from '#client/lib/notify.ts';
import { failureDescription } from '#client/lib/offline/failure-description.ts';

type DeleteEntryDialogProps = {
  entryId: string;
  shownTitle: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the entry is deleted, so the list can keep keyboard focus. */
  onDeleted: () => void;
};

/**
 * product §4: deleting an entry asks first, as it cannot be undone. On failure the dialog stays
 * open beside the toast, to try again or cancel.
 */
export function DeleteEntryDialog({
  entryId,
  shownTitle,
  isOpen,
  onOpenChange,
  onDeleted,
}: DeleteEntryDialogProps) {
  const remove = useDeleteJournalEntry();

  function confirmDelete() {
    remove.mutate(entryId, {
      onSuccess: () => {
        onOpenChange(false);
        notify.success('Entry Deleted', 'Your journal entry has been deleted.');
        onDeleted();
      },
      onError: (error) =>
        notify.error(
          'Delete Failed',
          failureDescription(error, 'There was an error deleting your entry.'),
        ),
    });
  }

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!remove.isPending) onOpenChange(open);
      }}
    >
      <ConfirmDialogContent
        title="Delete this entry?"
        description={`“${shownTitle}” will be removed from your journal. This cannot be undone.`}
        confirmLabel="Delete"
        isPending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Dialog>
  );
}
