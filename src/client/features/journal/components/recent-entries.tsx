import { ArrowRight, NotebookPen } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useJournalEntries } from '#client/api/journal.ts';
import { LoadError } from '#client/components/load-error.tsx';
import { LoadingState } from '#client/components/loading-state.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { entryPreview, entryTitle } from '#client/features/journal/lib/entry-text.ts';
import { loadedItems } from '#client/lib/pages.ts';
import { recentEntriesCount } from '#shared/rules/journal.ts';
import { EntryMeta, EntryTags } from './entry-meta.tsx';

/** product §2 /journal: the five newest entries with a preview, and a link to all of them. */
export function RecentEntries() {
  const headingId = useId();
  // Only the five are asked for (decision 012: no list without a bound).
  const entries = useJournalEntries({ limit: recentEntriesCount }, { isEnabled: true });
  const recent = loadedItems(entries.data).slice(0, recentEntriesCount);

  let body;
  if (entries.isPending) {
    body = <LoadingState label="Loading your entries..." />;
  } else if (entries.data === undefined) {
    body = (
      <LoadError
        message="We couldn't load your journal entries."
        isRetrying={entries.isFetching}
        onRetry={() => void entries.refetch()}
      />
    );
  } else if (recent.length === 0) {
    body = (
      <p className="flex items-center gap-3 rounded-2xl border border-dashed border-border bg-card px-5 py-6 text-muted-foreground">
        <NotebookPen className="size-5 shrink-0" aria-hidden="true" />
        Your saved entries will appear here.
      </p>
    );
  } else {
    body = (
      <ul aria-labelledby={headingId} className="space-y-3">
        {recent.map((entry) => (
          <li
            key={entry.id}
            className="space-y-2 rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-xs"
          >
            <h3 className="font-serif text-lg font-semibold break-words">
              {entryTitle(entry.title)}
            </h3>
            <EntryMeta entry={entry} />
            <EntryTags tags={entry.emotion_tags} />
            <p className="text-sm leading-relaxed break-words text-muted-foreground">
              {entryPreview(entry.content)}
            </p>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="font-serif text-2xl font-semibold tracking-tight">
          Recent entries
        </h2>
        <Button asChild variant="outline" size="sm">
          <Link to="/journal-entries">
            View all entries
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
      {body}
    </section>
  );
}
