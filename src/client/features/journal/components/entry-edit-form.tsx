import { useId } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { useUpdateJournalEntry } from '#client/api/journal.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { textareaClassName } from '#client/components/ui/textarea-class.ts';
import type { entryEditSchema } from '#client/features/journal/lib/journal-form-schemas.lazy.ts';
import { lazyZodResolver } from '#client/lib/lazy-resolver.ts';
import { notify } from '#client/lib/notify.ts';
import { failureDescription } from '#client/lib/offline/failure-description.ts';
import { useIdlePreload } from '#client/lib/use-idle-preload.ts';
import { journalLimits } from '#shared/rules/journal.ts';
import type { JournalEntry } from '#shared/schemas/journal.ts';

const editResolver = lazyZodResolver(() =>
  import('#client/features/journal/lib/journal-form-schemas.lazy.ts').then(
    (schemas) => schemas.entryEditSchema,
  ),
);
type EntryEdit = z.input<typeof entryEditSchema>;

type EntryEditFormProps = {
  entry: JournalEntry;
  /** The card's heading id: the card is named by it in either mode. */
  headingId: string;
  shownTitle: string;
  /** Called when the edit is saved or cancelled. */
  onDone: () => void;
};

/** product §4: edit an entry's title and content; Escape or Cancel leaves it as it was. */
export function EntryEditForm({ entry, headingId, shownTitle, onDone }: EntryEditFormProps) {
  const id = useId();
  const update = useUpdateJournalEntry();
  useIdlePreload(editResolver.preload);
  const form = useForm<EntryEdit, unknown, z.output<typeof entryEditSchema>>({
    resolver: editResolver,
    defaultValues: { title: entry.title ?? '', content: entry.content },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  function explainInvalid(errors: FieldErrors<EntryEdit>) {
    const field = errors.content ? 'content' : 'title';
    const message = errors[field]?.message;
    if (!message) return;
    notify.error(field === 'content' ? 'Entry required' : 'Update Failed', message);
    form.setFocus(field);
  }

  const save = form.handleSubmit(
    (edit) =>
      update.mutate(
        { id: entry.id, ...edit },
        {
          onSuccess: () => {
            notify.success('Entry Updated', 'Your journal entry has been updated.');
            onDone();
          },
          onError: (error) =>
            notify.error(
              'Update Failed',
              failureDescription(error, 'There was an error updating your entry.'),
            ),
        },
      ),
    explainInvalid,
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void save(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !update.isPending) onDone();
      }}
      className="space-y-4"
    >
      <h2 id={headingId} className="font-serif text-lg font-semibold break-words">
        <span className="sr-only">Editing: </span>
        {shownTitle}
      </h2>
      <div className="space-y-2">
        <Label htmlFor={`${id}-title`}>Title (optional)</Label>
        <Input
          id={`${id}-title`}
          maxLength={journalLimits.title}
          autoComplete="off"
          autoFocus
          {...form.register('title')}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-content`}>Entry</Label>
        <textarea
          id={`${id}-content`}
          rows={8}
          maxLength={journalLimits.content}
          className={textareaClassName}
          {...form.register('content')}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" isBusy={update.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
