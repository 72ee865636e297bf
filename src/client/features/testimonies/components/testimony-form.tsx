import { Info, Send } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { useController, useForm, type FieldErrors } from 'react-hook-form';
import { useLocation } from 'react-router';
import type { z } from 'zod';
import { useCreateTestimony } from '#client/api/testimonies.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { lazyZodResolver } from '#client/lib/lazy-resolver.ts';
import { notify } from '#client/lib/notify.ts';
import { failureDescription } from '#client/lib/offline/failure-description.ts';
import { useSession } from '#client/lib/session.ts';
import { useIdlePreload } from '#client/lib/use-idle-preload.ts';
import { usePendingAction } from '#client/lib/use-pending-action.ts';
import { useRequireSignIn } from '#client/lib/use-require-sign-in.ts';
import { missingTestimonyMessage, testimonyLimits } from '#shared/rules/testimonies.ts';
import type { testimonyFormSchema } from '#shared/schemas/testimonies.ts';
import type { draftSchema } from './testimony-draft.lazy.ts';
import { TestimonyTextField } from './testimony-text-field.tsx';

/** The form as typed; a visitor's draft waits in this shape while they sign in. */
type Draft = z.infer<typeof draftSchema>;

const emptyDraft: Draft = { feeling: '', god_reminded: '', is_anonymous: true, author_name: '' };

const pendingKind = 'submit-testimony';

const testimonyResolver = lazyZodResolver(() =>
  import('#shared/schemas/testimonies.ts').then((schemas) => schemas.testimonyFormSchema),
);

/**
 * A draft handed over in the router's state ("Share as a testimony" from an answered prayer,
 * decision 025): its two answers start the form, cut to their limits; it still goes through
 * moderation.
 */
function draftFromState(state: unknown): Draft {
  const given = (state as { testimonyDraft?: Record<string, unknown> } | null)?.testimonyDraft;
  const text = (value: unknown) =>
    typeof value === 'string' ? Array.from(value).slice(0, testimonyLimits.answer).join('') : '';
  if (!given) return emptyDraft;
  return { ...emptyDraft, feeling: text(given.feeling), god_reminded: text(given.god_reminded) };
}

async function parseDraft(data: unknown): Promise<Draft | null> {
  const { draftSchema } = await import('./testimony-draft.lazy.ts');
  const parsed = draftSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/**
 * product §2 /testimony and §4: how you felt, what God reminded you of, anonymous by default;
 * 'Include My Name' shows an optional name. Visitors are asked to sign in on submit.
 */
export function TestimonyForm() {
  const id = useId();
  const session = useSession();
  const requireSignIn = useRequireSignIn();
  const create = useCreateTestimony();
  useIdlePreload(testimonyResolver.preload);
  const location = useLocation();
  const form = useForm<Draft, unknown, z.output<typeof testimonyFormSchema>>({
    resolver: testimonyResolver,
    defaultValues: draftFromState(location.state),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { control } = form;
  const feeling = useController({ control, name: 'feeling' }).field;
  const godReminded = useController({ control, name: 'god_reminded' }).field;
  const anonymous = useController({ control, name: 'is_anonymous' }).field;
  const isAnonymous = anonymous.value;

  function changeAnonymous(isChecked: boolean) {
    anonymous.onChange(isChecked);
    // Offer the person's own name the first time they choose to include it.
    if (!isChecked && form.getValues('author_name') === '' && session.user) {
      form.setValue('author_name', session.user.display_name.trim());
    }
  }

  function explainInvalid(errors: FieldErrors<Draft>) {
    const draft = form.getValues();
    const isMissing = !draft.feeling.trim() || !draft.god_reminded.trim();
    const message = [errors.feeling, errors.god_reminded, errors.author_name].find(
      (error) => error?.message,
    )?.message;
    notify.error(
      isMissing ? 'Missing information' : 'Please check your testimony',
      isMissing ? missingTestimonyMessage : (message ?? missingTestimonyMessage),
    );
  }

  const send = form.handleSubmit(
    (testimony) =>
      create.mutate(testimony, {
        onSuccess: () => {
          notify.success(
            'Testimony submitted!',
            'Thank you. It will be reviewed before it is shared.',
          );
          form.reset(emptyDraft);
        },
        onError: (error) =>
          notify.error(
            'Submission failed',
            failureDescription(
              error,
              'There was an error submitting your testimony. Please try again.',
            ),
          ),
      }),
    explainInvalid,
  );

  // A visitor who was asked to sign in comes back to the form as they left it, and it is sent.
  usePendingAction(pendingKind, parseDraft, (draft) => {
    form.reset(draft);
    void send();
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending || session.status === 'loading') return;
    if (session.status === 'signed-out') {
      const draft = form.getValues();
      // Only a draft with something in it is worth keeping for after signing in.
      const hasDraft = draft.feeling.trim() !== '' || draft.god_reminded.trim() !== '';
      requireSignIn(
        'Please sign in to share your testimony.',
        'Sign Up Free',
        hasDraft ? { kind: pendingKind, data: draft } : undefined,
      );
      return;
    }
    void send(event);
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      className="space-y-6 rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-xs sm:p-8"
    >
      <div>
        <h2 id={`${id}-title`} className="font-serif text-2xl font-semibold tracking-tight">
          Tell us what God has done
        </h2>
        <p className="mt-2 flex items-start gap-2 text-sm text-muted-foreground">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            Every testimony is reviewed before it is shared publicly. Only you can see it until
            then.
          </span>
        </p>
      </div>
      <TestimonyTextField
        id={`${id}-feeling`}
        label="How were you feeling?"
        placeholder="For example: anxious about a new job, tired, alone…"
        value={feeling.value}
        onChange={feeling.onChange}
      />
      <TestimonyTextField
        id={`${id}-reminded`}
        label="What did God remind you of?"
        placeholder="A verse, a promise, a moment of peace…"
        value={godReminded.value}
        onChange={godReminded.onChange}
      />
      <div className="space-y-4 rounded-2xl bg-muted p-4">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0 space-y-1">
            <Label htmlFor={`${id}-anonymous`} className="cursor-pointer leading-snug">
              Share anonymously
            </Label>
            <p id={`${id}-anonymous-description`} className="text-sm text-muted-foreground">
              {isAnonymous
                ? 'Your name will not be shown with your testimony.'
                : 'Your testimony will show the name you enter below.'}
            </p>
          </div>
          <Switch
            id={`${id}-anonymous`}
            checked={isAnonymous}
            onCheckedChange={changeAnonymous}
            aria-describedby={`${id}-anonymous-description`}
          />
        </div>
        {isAnonymous ? null : (
          <div className="space-y-2">
            <Label htmlFor={`${id}-name`}>Include My Name</Label>
            <Input
              id={`${id}-name`}
              aria-describedby={`${id}-name-hint`}
              maxLength={testimonyLimits.authorName}
              autoComplete="name"
              placeholder="Your name"
              {...form.register('author_name')}
            />
            <p id={`${id}-name-hint`} className="text-sm text-muted-foreground">
              Optional. Leave it empty to share without a name.
            </p>
          </div>
        )}
      </div>
      <Button
        type="submit"
        size="lg"
        isBusy={create.isPending}
        busyLabel="Submitting…"
        icon={<Send aria-hidden="true" />}
        className="w-full sm:w-auto"
      >
        Submit Testimony
      </Button>
    </form>
  );
}
