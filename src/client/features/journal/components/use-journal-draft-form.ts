import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { journalEntryFormFields } from '../../../../shared/schemas/journal.ts';
import {
  browserStorage,
  emptyDraft,
  parseDraft,
  writeDraft,
  type JournalDraft,
} from '../lib/journal-draft.ts';

/** The draft checked by the shared schema's fields, and turned into what POST /api/journal takes. */
const journalDraftSchema = z
  .object({
    title: journalEntryFormFields.title,
    content: journalEntryFormFields.content,
    tags: journalEntryFormFields.emotion_tags,
    verseReference: journalEntryFormFields.verse_reference,
  })
  .transform(({ title, content, tags, verseReference }) => ({
    title,
    content,
    emotion_tags: tags,
    verse_reference: verseReference,
  }));
export type NewJournalEntry = z.output<typeof journalDraftSchema>;

export type JournalDraftForm = UseFormReturn<JournalDraft, unknown, NewJournalEntry>;

/**
 * The writer's form, started from `initial`. Until it is saved, the draft is kept on this device
 * and survives a reload (and the trip to /auth and back). Checked on submit only: the screen
 * says what is missing in a toast, as it always has.
 */
export function useJournalDraftForm(initial: () => JournalDraft): JournalDraftForm {
  // Read once: a function given as defaultValues would be taken for an async loader.
  const [defaultValues] = useState(initial);
  const form = useForm<JournalDraft, unknown, NewJournalEntry>({
    resolver: zodResolver(journalDraftSchema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const values = useWatch({ control: form.control });
  useEffect(() => writeDraft(browserStorage(), parseDraft(values) ?? emptyDraft), [values]);
  return form;
}
