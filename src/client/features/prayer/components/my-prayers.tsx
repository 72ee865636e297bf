import { parseISO } from 'date-fns';
import { NotebookPen } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { usePrayerEntries, useSavePrayer } from '#client/api/journal.ts';
import { LoadError } from '#client/components/load-error.tsx';
import { PagedList } from '#client/components/paged-list.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { clockTime, formatDate } from '#client/lib/dates.ts';
import { lazyZodResolver } from '#client/lib/lazy-resolver.ts';
import { notify } from '#client/lib/notify.ts';
import { loadedItems } from '#client/lib/pages.ts';
import { useSession } from '#client/lib/session.ts';
import { useIdlePreload } from '#client/lib/use-idle-preload.ts';
import { usePendingAction } from '#client/lib/use-pending-action.ts';
import { useRequireSignIn } from '#client/lib/use-require-sign-in.ts';
import { journalLimits } from '#shared/rules/journal.ts';
import type { JournalEntry, PrayerForm, prayerFormSchema } from '#shared/schemas/journal.ts';

/** One saved prayer (the list around it gives the list item). */
function PrayerEntryItem({ entry }: { entry: JournalEntry }) {
  const date = parseISO(entry.created_at);
  return (
    <div className="rounded-2xl border border-border bg-background/60 p-4 sm:p-5">
      <time dateTime={entry.created_at} className="text-xs font-medium text-muted-foreground">
        {formatDate(date, 'MMMM d, yyyy')} · {clockTime(date)}
      </time>
      <p className="mt-2 leading-relaxed break-words whitespace-pre-wrap">{entry.content}</p>
    </div>
  );
}

const pendingKind = 'save-prayer';

function parsePendingPrayer(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { text } = data as Record<string, unknown>;
  return typeof text === 'string' && text.trim() !== '' ? text : null;
}

const prayerResolver = lazyZodResolver(() =>
  import('#shared/schemas/journal.ts').then((schemas) => schemas.prayerFormSchema),
);

/** product §4/§5: write and save your own prayer (an account is needed) and see the ones saved. */
export function MyPrayers() {
  const id = useId();
  const session = useSession();
  const isSignedIn = session.status === 'signed-in';
  const requireSignIn = useRequireSignIn();
  useIdlePreload(prayerResolver.preload);
  const form = useForm<PrayerForm, unknown, z.output<typeof prayerFormSchema>>({
    resolver: prayerResolver,
    defaultValues: { text: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const text = useWatch({ control: form.control, name: 'text' });
  const save = useSavePrayer();
  // product §9 and decision 012: the entries tagged 'prayer', filtered by the server, a page at a time.
  const entries = usePrayerEntries({ isEnabled: isSignedIn });
  const prayers = loadedItems(entries.data);
  const isEmpty = text.trim() === '';

  function saveText(prayer: string) {
    save.mutate(prayer, { onSuccess: () => form.reset({ text: '' }) });
  }

  // Back from signing in: the prayer they wrote is shown again and saved (docs/product.md §4, pending actions).
  usePendingAction(pendingKind, parsePendingPrayer, (prayer) => {
    form.setValue('text', prayer);
    saveText(prayer);
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    if (!isSignedIn) {
      requireSignIn(
        'Please sign in to save your prayers.',
        'Sign In',
        isEmpty ? undefined : { kind: pendingKind, data: { text } },
      );
      return;
    }
    void form.handleSubmit(
      (prayer) => saveText(prayer.text),
      (errors) => {
        const message = errors.text?.message;
        if (message) notify.error(isEmpty ? 'Prayer required' : 'Save Failed', message);
      },
    )(event);
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-3xl border border-border bg-card p-6 text-card-foreground shadow-xs sm:p-8"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
          <NotebookPen className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h2 id={`${id}-title`} className="font-serif text-xl font-semibold tracking-tight">
            My Prayers
          </h2>
          <p className="text-sm text-muted-foreground">
            Put your own words before God. Saved prayers are kept in your journal.
          </p>
        </div>
      </div>

      <form className="mt-6 flex flex-col gap-3" onSubmit={onSubmit}>
        <Label htmlFor={`${id}-text`}>Write your own prayer</Label>
        <textarea
          id={`${id}-text`}
          rows={5}
          maxLength={journalLimits.content}
          placeholder="Dear Lord…"
          {...form.register('text')}
          className="min-h-32 w-full resize-y rounded-2xl border border-input bg-background px-4 py-3 text-base leading-relaxed placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
        <div className="flex items-center justify-end gap-3">
          {!isSignedIn && session.status !== 'loading' ? (
            <p className="mr-auto text-sm text-muted-foreground">Sign in to save your prayers.</p>
          ) : null}
          {/* aria-disabled, not disabled, while saving: the button keeps the focus. */}
          <Button
            type="submit"
            disabled={isEmpty}
            aria-disabled={save.isPending}
            icon={save.isPending ? <Spinner className="text-current" /> : null}
          >
            Save Prayer
          </Button>
        </div>
      </form>

      {isSignedIn ? (
        <div className="mt-8">
          <h3 className="font-serif text-lg font-semibold tracking-tight">Saved prayers</h3>
          <div className="mt-3">
            {entries.isPending ? (
              <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner className="size-4" />
                Loading your prayers…
              </p>
            ) : entries.data === undefined ? (
              <LoadError
                message="We couldn't load your saved prayers."
                isRetrying={entries.isFetching}
                onRetry={() => void entries.refetch()}
              />
            ) : prayers.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                Prayers you save will appear here, newest first.
              </p>
            ) : (
              <PagedList
                items={prayers}
                getKey={(entry) => entry.id}
                renderItem={(entry) => <PrayerEntryItem entry={entry} />}
                estimateSize={120}
                gap={12}
                hasMore={entries.hasNextPage}
                isLoadingMore={entries.isFetchingNextPage}
                onLoadMore={() => {
                  if (!entries.isFetchingNextPage) void entries.fetchNextPage();
                }}
                loadMoreLabel="Load more prayers"
                listLabel="Saved prayers"
              />
            )}
          </div>
        </div>
      ) : null}
    </section>
  );
}
