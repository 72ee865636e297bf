import { Trash2 } from 'lucide-react';
import type { MemoryCard } from '#client/api/memory-cards.ts';
import { useDeleteMemoryCard } from '#client/api/memory-cards.ts';
import { ConfirmDialogContent } from '#client/components/ui/confirm-dialog-content.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { displayReference } from '#shared/bible/references.ts';

type RemoveCardDialogProps = {
  /** The verse asked about; null while closed. */
  card: MemoryCard | null;
  onClose: () => void;
  /** Called once it is removed, so the list can keep keyboard focus. */
  onRemoved: (card: MemoryCard) => void;
  onCloseAutoFocus: (event: Event) => void;
};

/** 'Remove' asks first: the verse's progress goes with it. */
export function RemoveCardDialog({
  card,
  onClose,
  onRemoved,
  onCloseAutoFocus,
}: RemoveCardDialogProps) {
  const remove = useDeleteMemoryCard();
  return (
    <Dialog
      open={card !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
    >
      <ConfirmDialogContent
        title="Stop learning this verse?"
        description={`${card ? displayReference(card.reference) : 'This verse'} will leave Learn by Heart, with its review history. The verse stays in your saved verses and the Bible.`}
        confirmLabel="Remove"
        confirmIcon={<Trash2 aria-hidden="true" />}
        isPending={remove.isPending}
        onCloseAutoFocus={onCloseAutoFocus}
        onConfirm={() => {
          if (!card) return;
          remove.mutate(card, { onSuccess: () => onRemoved(card) });
        }}
      />
    </Dialog>
  );
}
