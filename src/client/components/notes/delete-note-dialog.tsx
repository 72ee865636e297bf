import { useDeleteNote } from '#client/api/notes.ts';
import { ConfirmDialogContent } from '#client/components/ui/confirm-dialog-content.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { notify } from '#client/lib/notify.ts';
import { failureDescription } from '#client/lib/offline/failure-description.ts';

type DeleteNoteDialogProps = {
  noteId: string;
  reference: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
};

/** Deleting a note asks first, as the journal does: it cannot be undone. */
export function DeleteNoteDialog({
  noteId,
  reference,
  isOpen,
  onOpenChange,
  onDeleted,
}: DeleteNoteDialogProps) {
  const remove = useDeleteNote();
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!remove.isPending) onOpenChange(open);
      }}
    >
      <ConfirmDialogContent
        title="Delete this note?"
        description={`Your note on ${reference} will be removed. This cannot be undone.`}
        confirmLabel="Delete"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(noteId, {
            onSuccess: () => {
              onOpenChange(false);
              notify.success('Note Deleted', 'Your note has been deleted.');
              onDeleted?.();
            },
            onError: (error) =>
              notify.error(
                'Delete Failed',
                failureDescription(error, 'There was an error deleting your note.'),
              ),
          })
        }
      />
    </Dialog>
  );
}
