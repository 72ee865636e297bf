import { NotebookPen } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageShell } from '../../../components/page-shell.tsx';
import { SignInPromptCard } from '../../../components/sign-in-prompt-card.tsx';
import { notify } from '../../../lib/notify.ts';
import { failureDescription } from '../../../lib/offline/failure-description.ts';
import { useSession } from '../../../lib/session.ts';
import { usePendingAction } from '../../../lib/use-pending-action.ts';
import { useRequireSignIn } from '../../../lib/use-require-sign-in.ts';
import { useCreateJournalEntry } from '../api/create-journal-entry.ts';
import { JournalWriter } from '../components/journal-writer.tsx';
import { RecentEntries } from '../components/recent-entries.tsx';
import {
  browserStorage,
  emptyDraft,
  parseDraft,
  readDraft,
  writeDraft,
  type JournalDraft,
} from '../lib/journal-draft.ts';

const pendingKind = 'save-journal-entry';

/** The stored draft; a verse in ?verse= (from a saved verse, say) becomes its verse. */
function initialDraft(verseParam: string | null): JournalDraft {
  const stored = readDraft(browserStorage());
  const verse = verseParam?.trim().slice(0, 100);
  return verse ? { ...stored, verseReference: verse } : stored;
}

/** spec §2 /journal: open to visitors, who are asked to sign in when they save. */
export function JournalPage() {
  const session = useSession();
  const requireSignIn = useRequireSignIn();
  const [searchParams, setSearchParams] = useSearchParams();
  const [draft, setDraft] = useState(() => initialDraft(searchParams.get('verse')));
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const create = useCreateJournalEntry();

  // Until it is saved, the draft survives a reload (and the trip to /auth and back).
  useEffect(() => writeDraft(browserStorage(), draft), [draft]);

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

  function save(entry: JournalDraft) {
    if (entry.content.trim() === '') {
      notify.error('Entry required', 'Please write something before saving your entry.');
      textareaRef.current?.focus();
      return;
    }
    if (session.status === 'loading') return;
    if (session.status === 'signed-out') {
      // The entry waits in this tab and is saved once they are back signed in (issue 21 item 6).
      requireSignIn('Please sign in to save your journal entries.', 'Sign In', {
        kind: pendingKind,
        data: entry,
      });
      return;
    }
    create.mutate(
      {
        title: entry.title,
        content: entry.content,
        emotion_tags: entry.tags,
        verse_reference: entry.verseReference,
      },
      {
        onSuccess: () => {
          notify.success('Entry Saved', 'Your journal entry has been saved.');
          setDraft(emptyDraft);
          dropVerseParam();
        },
        onError: (error) =>
          notify.error(
            'Save Failed',
            failureDescription(error, 'There was an error saving your journal entry.'),
          ),
      },
    );
  }

  // Back from signing in: the entry they wrote is shown in the writer and saved.
  usePendingAction(pendingKind, parseDraft, (entry) => {
    setDraft(entry);
    save(entry);
  });

  return (
    <PageShell title="Journal" subtitle="A quiet place to write what is on your heart">
      <div className="space-y-10">
        <JournalWriter
          draft={draft}
          onDraftChange={setDraft}
          onRemoveVerse={() => {
            setDraft({ ...draft, verseReference: null });
            dropVerseParam();
            textareaRef.current?.focus();
          }}
          onSave={() => save(draft)}
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
