import { X } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import type { StudySettings } from '#client/features/bible/lib/study-settings.ts';
import type { ReaderPosition } from '#shared/bible/navigation.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import { StudyPanel } from './study-panel.tsx';

export type StudyViewProps = {
  position: ReaderPosition;
  label: string;
  translation: TranslationId;
  settings: StudySettings;
  onClose: () => void;
};

// The Study panel's two frames (decision 023), fetched with the panel at its first opening: no
// screen carries either in its first load.

/** On a wide screen: beside the text, kept in view as the chapter scrolls. */
export function StudyAside({ onClose, ...props }: StudyViewProps) {
  return (
    <aside
      aria-labelledby="study-heading"
      className="sticky top-4 max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-2xl border border-border bg-card p-5"
    >
      <div className="mb-4 flex items-center justify-between gap-2">
        <h2 id="study-heading" className="font-serif text-xl font-semibold">
          Study
        </h2>
        <Button variant="ghost" size="icon" aria-label="Close Study" onClick={onClose}>
          <X aria-hidden="true" />
        </Button>
      </div>
      <StudyPanel {...props} />
    </aside>
  );
}

/** On a phone: a sheet from the bottom, over the text. */
export function StudySheet({ onClose, ...props }: StudyViewProps) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent className="top-auto bottom-0 max-h-[85dvh] w-full max-w-none translate-y-0 rounded-b-none sm:max-w-lg">
        <DialogTitle>Study</DialogTitle>
        <DialogDescription className="mt-1 mb-5">
          {`Notes and helps for ${props.label}.`}
        </DialogDescription>
        <StudyPanel {...props} />
      </DialogContent>
    </Dialog>
  );
}
