import { useEffect, useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import {
  browserStorage,
  emptyDraft,
  parseDraft,
  writeDraft,
  type JournalDraft,
} from '#client/features/journal/lib/journal-draft.ts';
import type { journalDraftSchema } from '#client/features/journal/lib/journal-form-schemas.lazy.ts';
import { lazyZodResolver } from '#client/lib/lazy-resolver.ts';
import { useIdlePreload } from '#client/lib/use-idle-preload.ts';

export type NewJournalEntry = z.output<typeof journalDraftSchema>;

const draftResolver = lazyZodResolver(() =>
  import('#client/features/journal/lib/journal-form-schemas.lazy.ts').then(
    (schemas) => schemas.journalDraftSchema,
  ),
);

export type JournalDraftForm = UseFormReturn<JournalDraft, unknown, NewJournalEntry>;

/**
 * The writer's form, started from `initial`. Until it is saved, the draft is kept on this device
 * and survives a reload (and the trip to /auth and back). Checked on submit only: the screen
 * says what is missing in a toast, as it always has.
 */
export function useJournalDraftForm(initial: () => JournalDraft): JournalDraftForm {
  // Read once: a function given as defaultValues would be taken for an async loader.
  const [defaultValues] = useState(initial);
  useIdlePreload(draftResolver.preload);
  const form = useForm<JournalDraft, unknown, NewJournalEntry>({
    resolver: draftResolver,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const values = useWatch({ control: form.control });
  useEffect(() => writeDraft(browserStorage(), parseDraft(values) ?? emptyDraft), [values]);
  return form;
}
