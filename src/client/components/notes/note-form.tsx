import { Plus, X } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { noteLimits } from '#shared/rules/notes.ts';

/** The journal's text area look, roomy for writing. */
const textareaClassName =
  'block w-full resize-y rounded-2xl border border-input bg-background px-4 py-3 text-base leading-relaxed text-foreground shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none';

export type NoteValues = { text: string; tags: string[] };

type NoteFormProps = {
  initial?: NoteValues;
  /** What the note is on ('John 3:16'), for the field's name. */
  reference: string;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (values: NoteValues) => void;
  onCancel: () => void;
};

export const noteRequiredMessage = 'Please write something before saving your note.';
export const noteTooLongMessage = 'A note can be at most 5,000 characters.';
const tagLengthMessage = `A tag is 1 to ${noteLimits.tag} characters.`;
const tagCountMessage = `Choose at most ${noteLimits.tags} tags.`;

const numberFormat = new Intl.NumberFormat('en-US');

/**
 * A note's words (plain text, line breaks kept, at most 5,000 characters, counted as typed) and
 * its tags, by the journal's rules (at most 12, each 1 to 30 characters; the same tag once
 * whatever its case). Escape or Cancel leaves the note as it was.
 */
export function NoteForm({
  initial,
  reference,
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
}: NoteFormProps) {
  const id = useId();
  const [text, setText] = useState(initial?.text ?? '');
  const [tags, setTags] = useState<string[]>(initial?.tags ?? []);
  const [draftTag, setDraftTag] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const [tagError, setTagError] = useState<string | null>(null);
  const isTooLong = text.length > noteLimits.text;

  /** The tags with `draft` added, or null (and the reason shown) when it may not be. */
  function withTag(draft: string): string[] | null {
    const tag = draft.trim();
    if (tag === '') return tags;
    if (tag.length > noteLimits.tag) {
      setTagError(tagLengthMessage);
      return null;
    }
    if (tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) return tags;
    if (tags.length >= noteLimits.tags) {
      setTagError(tagCountMessage);
      return null;
    }
    return [...tags, tag];
  }

  function addTag() {
    const next = withTag(draftTag);
    if (!next) return;
    setTagError(null);
    setTags(next);
    setDraftTag('');
  }

  function onTagKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addTag();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    if (text.trim() === '') {
      setTextError(noteRequiredMessage);
      document.getElementById(`${id}-text`)?.focus();
      return;
    }
    if (isTooLong) {
      setTextError(noteTooLongMessage);
      document.getElementById(`${id}-text`)?.focus();
      return;
    }
    // A tag typed but not yet added goes with the note.
    const finalTags = withTag(draftTag);
    if (!finalTags) {
      document.getElementById(`${id}-tag`)?.focus();
      return;
    }
    setTextError(null);
    onSubmit({ text: text.trim(), tags: finalTags });
  }

  const shownTextError = isTooLong ? noteTooLongMessage : textError;

  return (
    <form
      noValidate
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !isPending) {
          // The note's own Cancel (the verse dialog around it stays open).
          event.stopPropagation();
          onCancel();
        }
      }}
      className="space-y-3"
      data-note-form=""
    >
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-text`}>{`Your note on ${reference}`}</Label>
        <textarea
          id={`${id}-text`}
          rows={5}
          value={text}
          autoFocus
          aria-invalid={shownTextError ? true : undefined}
          aria-describedby={`${id}-count${shownTextError ? ` ${id}-text-error` : ''}`}
          onChange={(event) => {
            setText(event.target.value);
            if (textError === noteRequiredMessage && event.target.value.trim() !== '') {
              setTextError(null);
            }
          }}
          className={textareaClassName}
        />
        <div className="flex flex-wrap items-start justify-between gap-x-3 text-sm">
          <p id={`${id}-text-error`} className="font-medium text-destructive" role="alert">
            {shownTextError}
          </p>
          <p
            id={`${id}-count`}
            className={isTooLong ? 'font-medium text-destructive' : 'text-muted-foreground'}
          >
            {`${numberFormat.format(text.length)} / ${numberFormat.format(noteLimits.text)} characters`}
          </p>
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-tag`}>Tags (optional)</Label>
        {tags.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Tags of this note">
            {tags.map((tag) => (
              <li
                key={tag}
                className="inline-flex items-center gap-1 rounded-full border border-border bg-muted py-0.5 pr-1 pl-3 text-sm"
              >
                {tag}
                <button
                  type="button"
                  className="inline-flex size-7 cursor-pointer items-center justify-center rounded-full hover:bg-background focus-visible:outline-2 focus-visible:outline-ring"
                  aria-label={`Remove tag ${tag}`}
                  onClick={() => {
                    setTags(tags.filter((other) => other !== tag));
                    setTagError(null);
                  }}
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex gap-2">
          <Input
            id={`${id}-tag`}
            value={draftTag}
            autoComplete="off"
            placeholder="Add a tag"
            aria-invalid={tagError ? true : undefined}
            aria-describedby={tagError ? `${id}-tag-error` : undefined}
            onChange={(event) => setDraftTag(event.target.value)}
            onKeyDown={onTagKeyDown}
          />
          <Button type="button" variant="outline" onClick={addTag}>
            <Plus aria-hidden="true" />
            Add tag
          </Button>
        </div>
        <p id={`${id}-tag-error`} className="text-sm font-medium text-destructive" role="alert">
          {tagError}
        </p>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" isBusy={isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
