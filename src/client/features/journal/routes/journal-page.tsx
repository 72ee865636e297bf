import { NotebookPen } from 'lucide-react';
import { useRef } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { useCreateJournalEntry } from '#client/api/journal.ts';
import { PageShell } from '#client/components/page-shell.tsx';
import { SignInPromptCard } from '#client/components/sign-in-prompt-card.tsx';
import { JournalWriter } from '#client/features/journal/components/journal-writer.tsx';
import { RecentEntries } from '#client/features/journal/components/recent-entries.tsx';
import {
  useJournalDraftForm,
  type NewJournalEntry,
} from '#client/features/journal/hooks/use-journal-draft-form.ts';
import {
  browserStorage,
  emptyDraft,
  parseDraft,
  readDraft,
  type JournalDraft,
} from '#client/features/journal/lib/journal-draft.ts';
import { notify } from '#client/lib/notify.ts';
import { failureDescription } from '#client/lib/offline/failure-description.ts';
import { useSession } from '#client/lib/session.ts';
import { usePendingAction } from '#client/lib/use-pending-action.ts';
import { useRequireSignIn } from '#client/lib/use-require-sign-in.ts';
import { journalLimits } from '#shared/rules/journal.ts';

const pendingKind = 'save-journal-entry';

/** The stored draft; a verse in ?verse= (from a saved verse, say) becomes its verse. */
function initialDraft(verseParam: string | null, stored: JournalDraft): JournalDraft {
  const verse = verseParam?.trim().slice(0, journalLimits.verseReference);
  return verse ? { ...stored, verseReference: verse } : stored;
}

/** product §2 /journal: open to visitors, who are asked to sign in when they save. */
export function JournalPage() {
  const session = useSession();
  const requireSignIn = useRequireSignIn();
  const [searchParams, setSearchParams] = useSearchParams();
  const verseParam = searchParams.get('verse');
  // The server draws the address's verse; the draft kept on this device is the browser's.
  const form = useJournalDraftForm(
    () => initialDraft(verseParam, readDraft(browserStorage())),
    () => initialDraft(verseParam, emptyDraft),
  );
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const create = useCreateJournalEntry();

  function dropVerseParam() {
    if (!searchParams.has('verse')) return;
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete('verse');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  function saveEntry(entry: NewJournalEntry) {
    if (session.status === 'loading') return;
    if (session.status === 'signed-out') {
      // The entry waits in this tab and is saved once they are back signed in (docs/product.md §4, pending actions).
      requireSignIn('Please sign in to save your journal entries.', 'Sign In', {
        kind: pendingKind,
        data: form.getValues(),
      });
      return;
    }
    create.mutate(entry, {
      onSuccess: () => {
        notify.success('Entry Saved', 'Your journal entry has been saved.');
        form.reset(emptyDraft);
        dropVerseParam();
      },
      onError: (error) =>
        notify.error(
          'Save Failed',
          failureDescription(error, 'There was an error saving your journal entry.'),
        ),
    });
  }

  function explainInvalid(errors: FieldErrors<JournalDraft>) {
    if (errors.content?.message) {
      notify.error('Entry required', errors.content.message);
      form.setFocus('content');
      return;
    }
    // The fields' own limits keep the rest in bounds; a draft from elsewhere may not be.
    const message = Object.values(errors).find((error) => error?.message)?.message;
    if (message) notify.error('Save Failed', message);
  }

  const save = form.handleSubmit(saveEntry, explainInvalid);

  // Back from signing in: the entry they wrote is shown in the writer and saved.
  usePendingAction(pendingKind, parseDraft, (entry) => {
    form.reset(entry);
    void save();
  });

  return (
    <PageShell title="Journal" subtitle="A quiet place to write what is on your heart">
      <div className="space-y-10">
        <JournalWriter
          form={form}
          onRemoveVerse={() => {
            form.setValue('verseReference', null);
            dropVerseParam();
            textareaRef.current?.focus();
          }}
          onSave={save}
          isSaving={create.isPending}
          textareaRef={textareaRef}
        />
        {session.status === 'signed-in' ? (
          <RecentEntries />
        ) : session.status === 'signed-out' ? (
          <SignInPromptCard
            icon={NotebookPen}
            title="Sign in to keep your journal"
            description="Save your entries, look back on them by feeling or word, and see your most recent ones here."
          />
        ) : null}
      </div>
    </PageShell>
  );
}
