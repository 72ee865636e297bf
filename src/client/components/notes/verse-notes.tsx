import { NotebookPen } from 'lucide-react';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { notesOnVerse, useChapterNotes, useCreateNote } from '#client/api/notes.ts';
import { Button } from '#client/components/ui/button.tsx';
import { notify } from '#client/lib/notify.ts';
import { failureDescription } from '#client/lib/offline/failure-description.ts';
import { useRequireSignIn } from '#client/lib/use-require-sign-in.ts';
import { books } from '#shared/bible/books.ts';
import type { ReaderPosition } from '#shared/bible/navigation.ts';
import { displayReference } from '#shared/bible/references.ts';
import { verseCount } from '#shared/bible/verse-counts.ts';
import { NoteCard } from './note-card.tsx';
import { NoteForm } from './note-form.tsx';

/** The longest run of verses the dialog offers a note on (the API takes any run in a chapter). */
const maxRunVerses = 30;

type VerseNotesProps = {
  selected: { position: ReaderPosition; verse: number; reference: string };
  isSignedIn: boolean;
  /** The section's heading, focused when the dialog opens at the notes. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** Closes the verse dialog (a visitor is asked to sign in). */
  onClose: () => void;
};

/**
 * The verse dialog's notes (decision 024): the member's notes on this verse, each to edit or
 * delete, and Add note. A note belongs to the KJV's place, which every translation shares, so
 * the same notes show whichever translation the verse was tapped in.
 */
export function VerseNotes({ selected, isSignedIn, headingRef, onClose }: VerseNotesProps) {
  const book = books[selected.position.bookIndex];
  const chapter = { book_name: book?.name ?? '', chapter_number: selected.position.chapter };
  const chapterNotes = useChapterNotes(chapter, isSignedIn && book !== undefined);
  const create = useCreateNote();
  const requireSignIn = useRequireSignIn();
  const [isAdding, setIsAdding] = useState(false);
  // A note may cover a run of verses: from the tapped one through a later one of the chapter.
  const [through, setThrough] = useState(selected.verse);
  const headingId = useId();
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const hasAdded = useRef(false);
  // Leaving the form (saved or cancelled) puts the focus back on Add note.
  useEffect(() => {
    if (isAdding) hasAdded.current = true;
    else if (hasAdded.current) addButtonRef.current?.focus();
  }, [isAdding]);
  const notes = notesOnVerse(chapterNotes.data, selected.verse);
  const reference = displayReference(selected.reference);
  // A note keeps the KJV's place: the few verses past the KJV's count of the chapter (the WEB's
  // Romans 14:24–26) have no place to keep yet (decision 024).
  const chapterVerses = verseCount(selected.position.bookIndex, chapter.chapter_number);
  const hasPlace = selected.verse <= chapterVerses;
  const lastThrough = Math.min(chapterVerses, selected.verse + maxRunVerses - 1);
  const end = Math.min(Math.max(through, selected.verse), lastThrough);
  const noteReference =
    end > selected.verse
      ? displayReference(`${selected.reference.replace(/[-–]\d+$/, '')}-${end}`)
      : reference;

  function onAdd() {
    if (!isSignedIn) {
      onClose();
      requireSignIn('Please sign in to add notes.', 'Sign In');
      return;
    }
    setThrough(selected.verse);
    setIsAdding(true);
  }

  return (
    <section className="mt-5" aria-labelledby={headingId} data-verse-notes="">
      <h3
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-sm font-semibold focus-visible:outline-2 focus-visible:outline-ring"
      >
        {notes.length > 0 ? `Your notes on ${reference}` : 'Notes'}
      </h3>
      {notes.length > 0 ? (
        <ul className="mt-2 space-y-2" aria-label={`Notes on ${reference}`}>
          {notes.map((note) => (
            <li key={note.id}>
              <NoteCard note={note} showsReference={false} />
            </li>
          ))}
        </ul>
      ) : null}
      {isAdding ? (
        <div className="mt-2 space-y-3">
          {lastThrough > selected.verse ? (
            <div className="flex items-center gap-2 text-sm">
              <label htmlFor={`${headingId}-through`}>Through verse</label>
              <select
                id={`${headingId}-through`}
                value={end}
                onChange={(event) => setThrough(Number(event.target.value))}
                className="h-9 rounded-md border border-input bg-background px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
              >
                {Array.from({ length: lastThrough - selected.verse + 1 }, (_, index) => {
                  const verse = selected.verse + index;
                  return (
                    <option key={verse} value={verse}>
                      {verse}
                    </option>
                  );
                })}
              </select>
            </div>
          ) : null}
          <NoteForm
            reference={noteReference}
            submitLabel="Save Note"
            isPending={create.isPending}
            onCancel={() => setIsAdding(false)}
            onSubmit={(values) =>
              create.mutate(
                {
                  book_name: chapter.book_name,
                  chapter_number: chapter.chapter_number,
                  verse_number: selected.verse,
                  end_verse_number: end,
                  ...values,
                },
                {
                  onSuccess: () => {
                    notify.success('Note Saved', `Your note on ${noteReference} is saved.`);
                    setIsAdding(false);
                  },
                  onError: (error) =>
                    notify.error(
                      'Save Failed',
                      failureDescription(error, 'There was an error saving your note.'),
                    ),
                },
              )
            }
          />
        </div>
      ) : !hasPlace ? (
        <p className="mt-2 text-sm text-muted-foreground">
          This verse has no place in the King James numbering, so a note cannot be kept on it yet.
        </p>
      ) : (
        <Button ref={addButtonRef} variant="outline" size="sm" className="mt-2" onClick={onAdd}>
          <NotebookPen aria-hidden="true" />
          Add note
        </Button>
      )}
    </section>
  );
}
