import { Switch } from 'radix-ui';
import { Info, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { z } from 'zod';
import {
  createTestimonyRequestSchema,
  missingTestimonyMessage,
} from '../../../../shared/schemas/testimonies.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { notify } from '../../../lib/notify.ts';
import { failureDescription } from '../../../lib/offline/failure-description.ts';
import { useSession } from '../../../lib/session.ts';
import { usePendingAction } from '../../../lib/use-pending-action.ts';
import { useRequireSignIn } from '../../../lib/use-require-sign-in.ts';
import { useCreateTestimony } from '../api/create-testimony.ts';
import { TestimonyTextField } from './testimony-text-field.tsx';

/** The form as typed; a visitor's draft waits in this shape while they sign in (item 6). */
const draftSchema = z.object({
  feeling: z.string(),
  god_reminded: z.string(),
  is_anonymous: z.boolean(),
  author_name: z.string(),
});
type Draft = z.infer<typeof draftSchema>;

const pendingKind = 'submit-testimony';

function parseDraft(data: unknown): Draft | null {
  const parsed = draftSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/**
 * spec §2 /testimony and §4: how you felt, what God reminded you of, anonymous by default;
 * 'Include My Name' shows an optional name. Visitors are asked to sign in on submit.
 */
export function TestimonyForm() {
  const id = useId();
  const session = useSession();
  const requireSignIn = useRequireSignIn();
  const create = useCreateTestimony();
  const [feeling, setFeeling] = useState('');
  const [godReminded, setGodReminded] = useState('');
  const [isAnonymous, setIsAnonymous] = useState(true);
  const [authorName, setAuthorName] = useState('');

  function changeAnonymous(anonymous: boolean) {
    setIsAnonymous(anonymous);
    // Offer the person's own name the first time they choose to include it.
    if (!anonymous && authorName === '' && session.user) {
      setAuthorName(session.user.display_name.trim());
    }
  }

  function reset() {
    setFeeling('');
    setGodReminded('');
    setIsAnonymous(true);
    setAuthorName('');
  }

  function submit(draft: Draft) {
    const parsed = createTestimonyRequestSchema.safeParse(draft);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const isMissing = !draft.feeling.trim() || !draft.god_reminded.trim();
      notify.error(
        isMissing ? 'Missing information' : 'Please check your testimony',
        isMissing ? missingTestimonyMessage : (issue?.message ?? missingTestimonyMessage),
      );
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: () => {
        notify.success(
          'Testimony submitted!',
          'Thank you. It will be reviewed before it is shared.',
        );
        reset();
      },
      onError: (error) =>
        notify.error(
          'Submission failed',
          failureDescription(
            error,
            'There was an error submitting your testimony. Please try again.',
          ),
        ),
    });
  }

  // A visitor who was asked to sign in comes back to the form as they left it, and it is sent.
  usePendingAction(pendingKind, parseDraft, (draft) => {
    setFeeling(draft.feeling);
    setGodReminded(draft.god_reminded);
    setIsAnonymous(draft.is_anonymous);
    setAuthorName(draft.author_name);
    submit(draft);
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending || session.status === 'loading') return;
    const draft: Draft = {
      feeling,
      god_reminded: godReminded,
      is_anonymous: isAnonymous,
      author_name: authorName,
    };
    if (session.status === 'signed-out') {
      // Only a draft with something in it is worth keeping for after signing in.
      const hasDraft = feeling.trim() !== '' || godReminded.trim() !== '';
      requireSignIn(
        'Please sign in to share your testimony.',
        'Sign Up Free',
        hasDraft ? { kind: pendingKind, data: draft } : undefined,
      );
      return;
    }
    submit(draft);
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
        value={feeling}
        onChange={setFeeling}
      />
      <TestimonyTextField
        id={`${id}-reminded`}
        label="What did God remind you of?"
        placeholder="A verse, a promise, a moment of peace…"
        value={godReminded}
        onChange={setGodReminded}
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
          <Switch.Root
            id={`${id}-anonymous`}
            checked={isAnonymous}
            onCheckedChange={changeAnonymous}
            aria-describedby={`${id}-anonymous-description`}
            className="relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full p-0.5 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=checked]:bg-primary data-[state=unchecked]:bg-muted-foreground/70"
          >
            <Switch.Thumb className="block size-6 rounded-full bg-card shadow-sm transition-transform data-[state=checked]:translate-x-5" />
          </Switch.Root>
        </div>
        {isAnonymous ? null : (
          <div className="space-y-2">
            <Label htmlFor={`${id}-name`}>Include My Name</Label>
            <Input
              id={`${id}-name`}
              aria-describedby={`${id}-name-hint`}
              value={authorName}
              onChange={(event) => setAuthorName(event.target.value)}
              maxLength={80}
              autoComplete="name"
              placeholder="Your name"
            />
            <p id={`${id}-name-hint`} className="text-sm text-muted-foreground">
              Optional. Leave it empty to share without a name.
            </p>
          </div>
        )}
      </div>
      <Button type="submit" size="lg" disabled={create.isPending} className="w-full sm:w-auto">
        {create.isPending ? <Spinner className="text-current" /> : <Send aria-hidden="true" />}
        {create.isPending ? 'Submitting…' : 'Submit Testimony'}
      </Button>
    </form>
  );
}
