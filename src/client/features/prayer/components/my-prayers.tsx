import { NotebookPen } from 'lucide-react';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { prayerFromText, useCreatePrayer } from '#client/api/prayers.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { lazyZodResolver } from '#client/lib/lazy-resolver.ts';
import { notify } from '#client/lib/notify.ts';
import { useSession } from '#client/lib/session.ts';
import { useIdlePreload } from '#client/lib/use-idle-preload.ts';
import { usePendingAction } from '#client/lib/use-pending-action.ts';
import { useRequireSignIn } from '#client/lib/use-require-sign-in.ts';
import { journalLimits } from '#shared/rules/journal.ts';
import { prayerLimits } from '#shared/rules/prayers.ts';
import type { PrayerForm, prayerFormSchema } from '#shared/schemas/journal.ts';

// A member's list (its tabs, dialogs and pages) is its own chunk: a visitor never loads it.
const PrayerList = lazy(() =>
  import('./prayer-list.tsx').then((module) => ({ default: module.PrayerList })),
);

const pendingKind = 'save-prayer';

function parsePendingPrayer(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { text } = data as Record<string, unknown>;
  return typeof text === 'string' && text.trim() !== '' ? text : null;
}

const prayerResolver = lazyZodResolver(() =>
  import('#shared/schemas/journal.ts').then((schemas) => schemas.prayerFormSchema),
);

/**
 * product §4/§5 and decision 025: write and save your own prayer (an account is needed); it goes
 * on the prayer list, its first line the title, with who it is for and a verse if given.
 */
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
  const save = useCreatePrayer();
  const [person, setPerson] = useState('');
  const [verse, setVerse] = useState('');
  const isEmpty = text.trim() === '';

  function saveText(prayer: string, extra: { person?: string; verse_reference?: string } = {}) {
    save.mutate(
      { ...prayerFromText(prayer), ...extra },
      {
        onSuccess: () => {
          form.reset({ text: '' });
          setPerson('');
          setVerse('');
        },
      },
    );
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
      (prayer) => saveText(prayer.text, { person, verse_reference: verse }),
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
            Put your own words before God. Saved prayers go on your prayer list.
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
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-person`}>Praying for (optional)</Label>
            <Input
              id={`${id}-person`}
              value={person}
              maxLength={prayerLimits.person}
              onChange={(event) => setPerson(event.target.value)}
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-verse`}>Verse (optional)</Label>
            <Input
              id={`${id}-verse`}
              value={verse}
              placeholder="John 3:16"
              maxLength={prayerLimits.verseReference}
              onChange={(event) => setVerse(event.target.value)}
            />
          </div>
        </div>
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
        <Suspense
          fallback={
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner className="size-4" />
              Loading your prayer list…
            </p>
          }
        >
          <PrayerList />
        </Suspense>
      ) : null}
    </section>
  );
}
