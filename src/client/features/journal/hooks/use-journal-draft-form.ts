import { useEffect, useRef, useState } from 'react';
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
import { useHasStarted } from '#client/lib/use-has-started.ts';
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
 *
 * A page the server drew (decision 011) hydrates from `drawn`, what the server could know (the
 * address's verse, no draft), and takes up the draft kept on this device once it has hydrated:
 * the form is then the one it would have been, and the markup matched. The kept draft is not
 * written over in between.
 */
export function useJournalDraftForm(
  initial: () => JournalDraft,
  drawn: () => JournalDraft,
): JournalDraftForm {
  const hasStarted = useHasStarted();
  // Read once: a function given as defaultValues would be taken for an async loader.
  const [defaultValues] = useState(() => (hasStarted ? initial() : drawn()));
  const isKeptDraftTaken = useRef(hasStarted);
  useIdlePreload(draftResolver.preload);
  const form = useForm<JournalDraft, unknown, NewJournalEntry>({
    resolver: draftResolver,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const values = useWatch({ control: form.control });
  // Before the kept draft is taken up (the effect below, run after this one), the drawn form
  // is not written over it.
  useEffect(() => {
    if (isKeptDraftTaken.current) writeDraft(browserStorage(), parseDraft(values) ?? emptyDraft);
  }, [values]);
  const takeKeptDraft = useRef(initial);
  useEffect(() => {
    if (isKeptDraftTaken.current) return;
    isKeptDraftTaken.current = true;
    const kept = takeKeptDraft.current();
    const shown = parseDraft(form.getValues()) ?? emptyDraft;
    if (JSON.stringify(kept) !== JSON.stringify(shown)) form.reset(kept);
  }, [form]);
  return form;
}
