import { CalendarDays, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useUpdateNote, type NoteListItem } from '#client/api/notes.ts';
import { HighlightedText } from '#client/components/highlighted-text.tsx';
import { LocalDate } from '#client/components/local-date.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { notify } from '#client/lib/notify.ts';
import { failureDescription } from '#client/lib/offline/failure-description.ts';
import { useDeviceTranslation } from '#client/lib/translation-device.ts';
import { defaultTranslation, type TranslationId } from '#shared/bible/translations.ts';
import { DeleteNoteDialog } from './delete-note-dialog.tsx';
import { NoteForm } from './note-form.tsx';

/** The reader at the note's chapter, in this device's translation (the verse goes in the link's state). */
function readerHref(note: NoteListItem, translation: TranslationId): string {
  const inTranslation = translation === defaultTranslation ? '' : `&translation=${translation}`;
  return `/read-bible?book=${encodeURIComponent(note.book_name)}&chapter=${note.chapter_number}${inTranslation}`;
}

/** Editing, and the focus back on Edit once the editor is left (saved or cancelled). */
function useEditing() {
  const [isEditing, setIsEditing] = useState(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const hasEdited = useRef(false);
  useEffect(() => {
    if (isEditing) hasEdited.current = true;
    else if (hasEdited.current) editButtonRef.current?.focus();
  }, [isEditing]);
  return {
    isEditing,
    editButtonRef,
    startEditing: () => setIsEditing(true),
    stopEditing: () => setIsEditing(false),
  };
}

type NoteCardProps = {
  note: NoteListItem;
  /** /notes names the note by its place, a link to the reader at that verse; the dialog does not. */
  showsReference: boolean;
  onDeleted?: () => void;
  onEditingChange?: (isEditing: boolean) => void;
};

/** A note's tags as small pills. */
export function NoteTags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li
          key={tag}
          className="inline-flex items-center rounded-full bg-secondary px-2.5 py-0.5 text-xs font-semibold text-secondary-foreground"
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}

/** One note, to read, edit in place (Escape or Cancel leaves it) or delete (asked first). */
export function NoteCard({ note, showsReference, onDeleted, onEditingChange }: NoteCardProps) {
  const id = useId();
  const { isEditing, editButtonRef, startEditing, stopEditing } = useEditing();
  const [isConfirming, setIsConfirming] = useState(false);
  const update = useUpdateNote();
  const translation = useDeviceTranslation();
  const stop = () => {
    stopEditing();
    onEditingChange?.(false);
  };

  let heading: ReactNode = null;
  if (showsReference) {
    heading = (
      <h2 id={`${id}-ref`} className="font-serif text-lg font-semibold">
        <Link
          to={readerHref(note, translation)}
          state={{ verse: note.verse_number }}
          className="text-primary hover:underline"
        >
          {note.reference}
        </Link>
      </h2>
    );
  }

  return (
    <article
      aria-labelledby={showsReference ? `${id}-ref` : undefined}
      aria-label={showsReference ? undefined : `Note on ${note.reference}`}
      data-note-id={note.id}
      className="rounded-2xl border border-border bg-card p-4 text-card-foreground shadow-xs sm:p-5"
    >
      {isEditing ? (
        <>
          {heading}
          <NoteForm
            initial={{ text: note.text, tags: note.tags }}
            reference={note.reference}
            submitLabel="Save"
            isPending={update.isPending}
            onCancel={stop}
            onSubmit={(values) =>
              update.mutate(
                { id: note.id, ...values },
                {
                  onSuccess: () => {
                    notify.success('Note Updated', 'Your note has been updated.');
                    stop();
                  },
                  onError: (error) =>
                    notify.error(
                      'Update Failed',
                      failureDescription(error, 'There was an error updating your note.'),
                    ),
                },
              )
            }
          />
        </>
      ) : (
        <div className="space-y-2.5">
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
            <div className="min-w-0 space-y-0.5">
              {heading}
              <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
                <CalendarDays className="size-4" aria-hidden="true" />
                <LocalDate iso={note.created_at} pattern="MMM d, yyyy" />
              </p>
            </div>
            <div className="flex shrink-0 gap-1">
              <Button
                ref={editButtonRef}
                variant="ghost"
                size="sm"
                onClick={() => {
                  startEditing();
                  onEditingChange?.(true);
                }}
                aria-label={`Edit note on ${note.reference}`}
              >
                <Pencil aria-hidden="true" />
                Edit
              </Button>
              <Button
                variant="ghost"
                size="sm"
                data-delete-note=""
                onClick={() => setIsConfirming(true)}
                aria-label={`Delete note on ${note.reference}`}
              >
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            </div>
          </div>
          <p className="leading-relaxed break-words whitespace-pre-wrap">
            <HighlightedText text={note.text} ranges={note.matches?.text} />
          </p>
          <NoteTags tags={note.tags} />
        </div>
      )}
      <DeleteNoteDialog
        noteId={note.id}
        reference={note.reference}
        isOpen={isConfirming}
        onOpenChange={setIsConfirming}
        {...(onDeleted ? { onDeleted } : {})}
      />
    </article>
  );
}
