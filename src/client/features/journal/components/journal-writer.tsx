import { BookOpen, Lightbulb, Save, X } from 'lucide-react';
import { useId, useLayoutEffect, useRef, type FormEvent, type RefObject } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { textareaClassName } from '#client/components/ui/textarea-class.ts';
import type { JournalDraftForm } from '#client/features/journal/hooks/use-journal-draft-form.ts';
import { readerHrefForReference } from '#client/features/journal/lib/verse-reference.ts';
import { insertPrompt, writingPrompts } from '#client/features/journal/lib/writing-prompts.ts';
import { useDeviceTranslation } from '#client/lib/translation-device.ts';
import { displayReference } from '#shared/bible/references.ts';
import { journalFeelingTags, journalLimits } from '#shared/rules/journal.ts';
import { ChipButton } from './chip-button.tsx';

type JournalWriterProps = {
  form: JournalDraftForm;
  onRemoveVerse: () => void;
  onSave: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  isSaving: boolean;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
};

/** product §2 /journal: title, content, feeling tags, writing prompts and the attached verse. */
export function JournalWriter({
  form,
  onRemoveVerse,
  onSave,
  isSaving,
  textareaRef,
}: JournalWriterProps) {
  const id = useId();
  const { control } = form;
  const content = useController({ control, name: 'content' }).field;
  const tags = useController({ control, name: 'tags' }).field;
  const verseReference = useWatch({ control, name: 'verseReference' });
  // The attached verse opens in the reader in the translation this device reads in (decision 015).
  const translation = useDeviceTranslation();
  // Where the cursor was when the text area was last used (null until the person has been in it).
  const selection = useRef<{ start: number; end: number } | null>(null);
  // Where to put the cursor once a chosen prompt is on screen.
  const pendingCursor = useRef<number | null>(null);

  useLayoutEffect(() => {
    const cursor = pendingCursor.current;
    const textarea = textareaRef.current;
    if (cursor === null || !textarea) return;
    pendingCursor.current = null;
    textarea.focus();
    textarea.setSelectionRange(cursor, cursor);
    selection.current = { start: cursor, end: cursor };
  }, [content.value, textareaRef]);

  function rememberSelection() {
    const textarea = textareaRef.current;
    if (textarea)
      selection.current = { start: textarea.selectionStart, end: textarea.selectionEnd };
  }

  function choosePrompt(prompt: string) {
    const result = insertPrompt(content.value, prompt, selection.current);
    pendingCursor.current = result.cursor;
    content.onChange(result.content);
  }

  function toggleTag(tag: string) {
    const chosen = tags.value;
    tags.onChange(
      chosen.includes(tag)
        ? chosen.filter((t) => t !== tag)
        : journalFeelingTags.filter((t) => t === tag || chosen.includes(t)),
    );
  }

  const verseHref = verseReference ? readerHrefForReference(verseReference, translation) : null;

  return (
    <form
      aria-labelledby={`${id}-heading`}
      noValidate
      onSubmit={(event) => void onSave(event)}
      className="space-y-6 rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-xs sm:p-7"
    >
      <h2 id={`${id}-heading`} className="font-serif text-2xl font-semibold tracking-tight">
        Write a new entry
      </h2>

      {verseReference ? (
        <div className="flex items-center justify-between gap-3 rounded-xl border-l-4 border-gold bg-muted px-4 py-3">
          <p className="flex min-w-0 items-center gap-2 text-sm">
            <BookOpen className="size-4 shrink-0 text-primary" aria-hidden="true" />
            <span className="min-w-0">
              Reflecting on{' '}
              {verseHref ? (
                <Link to={verseHref} className="font-semibold text-primary hover:underline">
                  {displayReference(verseReference)}
                </Link>
              ) : (
                <span className="font-semibold">{displayReference(verseReference)}</span>
              )}
            </span>
          </p>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-9 shrink-0 text-muted-foreground"
            aria-label={`Remove ${displayReference(verseReference)}`}
            onClick={onRemoveVerse}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ) : null}

      <div className="space-y-2">
        <Label htmlFor={`${id}-title`}>Title (optional)</Label>
        <Input
          id={`${id}-title`}
          maxLength={journalLimits.title}
          autoComplete="off"
          placeholder="Give your entry a title"
          {...form.register('title')}
        />
      </div>

      <div className="space-y-2">
        <Label htmlFor={`${id}-content`}>Your thoughts</Label>
        <textarea
          ref={(element) => {
            textareaRef.current = element;
            content.ref(element);
          }}
          id={`${id}-content`}
          name={content.name}
          value={content.value}
          rows={8}
          maxLength={journalLimits.content}
          placeholder="Write what is on your heart…"
          onChange={(event) => {
            content.onChange(event.target.value);
            rememberSelection();
          }}
          onBlur={content.onBlur}
          onSelect={rememberSelection}
          className={textareaClassName}
        />
      </div>

      <div role="group" aria-labelledby={`${id}-tags`} className="space-y-3">
        <p id={`${id}-tags`} className="text-sm font-medium">
          How are you feeling?
        </p>
        <div className="flex flex-wrap gap-2">
          {journalFeelingTags.map((tag) => (
            <ChipButton
              key={tag}
              isPressed={tags.value.includes(tag)}
              onClick={() => toggleTag(tag)}
            >
              {tag}
            </ChipButton>
          ))}
        </div>
      </div>

      <div role="group" aria-labelledby={`${id}-prompts`} className="space-y-3">
        <p id={`${id}-prompts`} className="flex items-center gap-2 text-sm font-medium">
          <Lightbulb className="size-4 text-gold" aria-hidden="true" />
          Need a place to start? Choose a prompt
        </p>
        <ul className="grid gap-2 sm:grid-cols-2">
          {writingPrompts.map((prompt) => (
            <li key={prompt} className="flex">
              <button
                type="button"
                onClick={() => choosePrompt(prompt)}
                className="w-full cursor-pointer rounded-xl border border-border bg-background px-4 py-3 text-left text-sm leading-snug text-foreground transition-colors hover:border-primary/50 hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {prompt}
              </button>
            </li>
          ))}
        </ul>
      </div>

      <div className="flex flex-col-reverse gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Your draft is kept on this device until you save it.
        </p>
        <Button
          type="submit"
          size="lg"
          isBusy={isSaving}
          busyLabel="Saving…"
          icon={<Save aria-hidden="true" />}
          className="sm:self-auto"
        >
          Save Entry
        </Button>
      </div>
    </form>
  );
}
