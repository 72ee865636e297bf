import { Pencil, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { JournalEntry } from '../../../../shared/schemas/journal.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { notify } from '../../../lib/notify.ts';
import { failureDescription } from '../../../lib/offline/failure-description.ts';
import { useDeleteJournalEntry } from '../api/delete-journal-entry.ts';
import { useUpdateJournalEntry } from '../api/update-journal-entry.ts';
import { entryTitle } from '../lib/entry-text.ts';
import { EntryMeta, EntryTags } from './entry-meta.tsx';
import { textareaClassName } from './textarea-class.ts';

type EntryCardProps = {
  entry: JournalEntry;
  /** Called once the entry is deleted, so the list can keep keyboard focus. */
  onDeleted: () => void;
};

/** spec §4: one entry, in view mode or edit mode (title and content); delete asks first. */
export function EntryCard({ entry, onDeleted }: EntryCardProps) {
  const id = useId();
  const [isEditing, setIsEditing] = useState(false);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const update = useUpdateJournalEntry();
  const remove = useDeleteJournalEntry();
  const shownTitle = entryTitle(entry.title);

  function startEditing() {
    setTitle(entry.title ?? '');
    setContent(entry.content);
    setIsEditing(true);
  }

  function stopEditing() {
    setIsEditing(false);
    // Back to the button that opened the editor, once it is on screen again.
    requestAnimationFrame(() => editButtonRef.current?.focus());
  }

  function saveEdit() {
    if (content.trim() === '') {
      notify.error('Entry required', 'Please write something before saving your entry.');
      contentRef.current?.focus();
      return;
    }
    update.mutate(
      { id: entry.id, title, content },
      {
        onSuccess: () => {
          notify.success('Entry Updated', 'Your journal entry has been updated.');
          stopEditing();
        },
        onError: (error) =>
          notify.error(
            'Update Failed',
            failureDescription(error, 'There was an error updating your entry.'),
          ),
      },
    );
  }

  function confirmDelete() {
    remove.mutate(entry.id, {
      onSuccess: () => {
        setIsConfirming(false);
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
    <li
      aria-labelledby={`${id}-title`}
      data-entry-id={entry.id}
      className="rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-xs sm:p-6"
    >
      {isEditing ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            saveEdit();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !update.isPending) stopEditing();
          }}
          className="space-y-4"
        >
          <h2 id={`${id}-title`} className="font-serif text-lg font-semibold break-words">
            <span className="sr-only">Editing: </span>
            {shownTitle}
          </h2>
          <div className="space-y-2">
            <Label htmlFor={`${id}-edit-title`}>Title (optional)</Label>
            <Input
              id={`${id}-edit-title`}
              value={title}
              maxLength={120}
              autoComplete="off"
              autoFocus
              onChange={(event) => setTitle(event.target.value)}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-edit-content`}>Entry</Label>
            <textarea
              ref={contentRef}
              id={`${id}-edit-content`}
              value={content}
              rows={8}
              maxLength={20_000}
              onChange={(event) => setContent(event.target.value)}
              className={textareaClassName}
            />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={stopEditing}
              disabled={update.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? <Spinner className="size-4 text-current" /> : null}
              Save
            </Button>
          </div>
        </form>
      ) : (
        <article className="space-y-3">
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
            <h2
              id={`${id}-title`}
              className="min-w-0 font-serif text-xl font-semibold tracking-tight break-words"
            >
              {shownTitle}
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
          <p className="leading-relaxed break-words whitespace-pre-wrap">{entry.content}</p>
        </article>
      )}

      <Dialog
        open={isConfirming}
        onOpenChange={(open) => {
          if (!remove.isPending) setIsConfirming(open);
        }}
      >
        <DialogContent>
          <DialogTitle>Delete this entry?</DialogTitle>
          <DialogDescription className="mt-2">
            &ldquo;{shownTitle}&rdquo; will be removed from your journal. This cannot be undone.
          </DialogDescription>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={remove.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button
              onClick={confirmDelete}
              disabled={remove.isPending}
              className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
            >
              {remove.isPending ? <Spinner className="size-4 text-current" /> : null}
              Delete
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </li>
  );
}
