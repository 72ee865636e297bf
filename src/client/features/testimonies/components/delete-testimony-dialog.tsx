import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useDeleteTestimony } from '#client/api/testimonies.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialogContent } from '#client/components/ui/confirm-dialog-content.tsx';
import { Dialog, DialogTrigger } from '#client/components/ui/dialog.tsx';
import type { OwnTestimony } from '#shared/schemas/testimonies.ts';

const maxNameLength = 40;

/** The start of what the person felt, so that each Delete button says which testimony it is. */
function shortFeeling(feeling: string): string {
  const text = feeling.replace(/\s+/g, ' ').trim();
  return text.length > maxNameLength ? `${text.slice(0, maxNameLength).trimEnd()}…` : text;
}

type DeleteTestimonyDialogProps = {
  testimony: OwnTestimony;
  /** Called as the deletion is sent, so that the list can keep keyboard focus once it goes. */
  onDeleting: () => void;
};

/**
 * The Terms let an author withdraw a testimony by deleting it (product §4). Deleting asks
 * first (it cannot be undone) and then takes it out of every list.
 */
export function DeleteTestimonyDialog({ testimony, onDeleting }: DeleteTestimonyDialogProps) {
  const [isOpen, setIsOpen] = useState(false);
  const remove = useDeleteTestimony();
  const isShared = testimony.status === 'approved';

  function confirmDelete() {
    onDeleting();
    // On success the card and this dialog leave with the testimony; on failure the dialog stays
    // open beside the toast, to try again or cancel.
    remove.mutate(testimony.id);
  }

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!remove.isPending) setIsOpen(open);
      }}
    >
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          data-delete-testimony={testimony.id}
          className="text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
        >
          <Trash2 aria-hidden="true" />
          Delete
          <span className="sr-only">
            {' '}
            testimony &ldquo;{shortFeeling(testimony.feeling)}&rdquo;
          </span>
        </Button>
      </DialogTrigger>
      <ConfirmDialogContent
        title="Delete this testimony?"
        description={`${
          isShared
            ? 'It will be removed from your testimonies and from the community list.'
            : 'It will be removed from your testimonies and will never be shared.'
        } This cannot be undone.`}
        confirmLabel="Delete"
        isPending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Dialog>
  );
}
