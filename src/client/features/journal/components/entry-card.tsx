import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { JournalListItem } from '#client/api/journal.ts';
import { HighlightedText } from '#client/components/highlighted-text.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useEditing } from '#client/features/journal/hooks/use-editing.ts';
import { entryTitle } from '#client/features/journal/lib/entry-text.ts';
import { DeleteEntryDialog } from './delete-entry-dialog.tsx';
import { EntryEditForm } from './entry-edit-form.tsx';
import { EntryMeta, EntryTags } from './entry-meta.tsx';

type EntryCardProps = {
  /** A search result also says where its words were found (they are marked). */
  entry: JournalListItem;
  /** Called once the entry is deleted, so the list can keep keyboard focus. */
  onDeleted: () => void;
  /**
   * Told when editing starts and ends (or the card goes), so the list keeps the card drawn
   * while it is edited (components/paged-list.tsx keepDrawn). Keep it the same function.
   */
  onEditingChange?: (entryId: string, isEditing: boolean) => void;
};

/**
 * product §4: one entry, in view mode or edit mode (title and content); delete asks first. The
 * list around it gives the list item (decision 012: only the cards near the screen are drawn).
 */
export function EntryCard({ entry, onDeleted, onEditingChange }: EntryCardProps) {
  const id = useId();
  const { isEditing, editButtonRef, startEditing, stopEditing } = useEditing();
  useEffect(() => {
    if (!isEditing || !onEditingChange) return;
    onEditingChange(entry.id, true);
    return () => onEditingChange(entry.id, false);
  }, [isEditing, entry.id, onEditingChange]);
  const [isConfirming, setIsConfirming] = useState(false);
  const shownTitle = entryTitle(entry.title);

  return (
    <article
      aria-labelledby={`${id}-title`}
      data-entry-id={entry.id}
      className="rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-xs sm:p-6"
    >
      {isEditing ? (
        <EntryEditForm
          entry={entry}
          headingId={`${id}-title`}
          shownTitle={shownTitle}
          onDone={stopEditing}
        />
      ) : (
        <div className="space-y-3">
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
            <h2
              id={`${id}-title`}
              className="min-w-0 font-serif text-xl font-semibold tracking-tight break-words"
            >
              {shownTitle === entry.title ? (
                <HighlightedText text={shownTitle} ranges={entry.matches?.title} />
              ) : (
                shownTitle
              )}
            </h2>
            <div className="flex shrink-0 gap-1">
              <Button
                ref={editButtonRef}
                variant="ghost"
                size="sm"
                onClick={startEditing}
                aria-label={`Edit ${shownTitle}`}
              >
                <Pencil aria-hidden="true" />
                Edit
              </Button>
              <Button
                variant="ghost"
                size="sm"
                data-delete-entry
                onClick={() => setIsConfirming(true)}
                aria-label={`Delete ${shownTitle}`}
                className="text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
              >
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            </div>
          </div>
          <EntryMeta entry={entry} />
          <EntryTags tags={entry.emotion_tags} />
          <p className="leading-relaxed break-words whitespace-pre-wrap">
            <HighlightedText text={entry.content} ranges={entry.matches?.content} />
          </p>
        </div>
      )}
      <DeleteEntryDialog
        entryId={entry.id}
        shownTitle={shownTitle}
        isOpen={isConfirming}
        onOpenChange={setIsConfirming}
        onDeleted={onDeleted}
      />
    </article>
  );
}
