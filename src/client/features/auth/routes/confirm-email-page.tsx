import { useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, MailCheck, MailQuestion } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { signOut, useResendEmailConfirmation } from '#client/api/auth.ts';
import {
  emailConfirmationLookupQuery,
  useConfirmEmail,
  useDeclineEmailConfirmation,
} from '#client/api/sign-in.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { AuthCard } from '#client/features/auth/components/auth-card.tsx';
import { FormField } from '#client/features/auth/components/form-field.tsx';
import { PasswordInput } from '#client/features/auth/components/password-input.tsx';
import { SubmitButton } from '#client/features/auth/components/submit-button.tsx';
import { useAuthForm } from '#client/features/auth/hooks/use-auth-form.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { lazyZodResolver } from '#client/lib/lazy-resolver.ts';
import { notify } from '#client/lib/notify.ts';
import { useSession, useSetSession } from '#client/lib/session.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import type { EmailConfirmationLookup } from '#shared/schemas/auth.ts';

const title = 'Confirm Your E-mail';

type Session = ReturnType<typeof useSession>;

/** A round icon over the state's message, as the other auth screens' notes look. */
function Outcome({
  icon,
  tone,
  children,
}: {
  icon: ReactNode;
  tone: 'success' | 'error' | 'neutral';
  children: ReactNode;
}) {
  const toneClass = {
    success: 'bg-secondary text-primary',
    error: 'bg-destructive/10 text-destructive',
    neutral: 'bg-muted text-muted-foreground',
  }[tone];
  return (
    <div className="grid justify-items-center gap-4 text-center">
      <span className={`flex size-12 items-center justify-center rounded-full ${toneClass}`}>
        {icon}
      </span>
      {children}
    </div>
  );
}

/** Signed in: mail a new link from here. Signed out: sign in first, then Settings offers it. */
function NewLinkAction({ session }: { session: Session }) {
  const resend = useResendEmailConfirmation();
  if (session.status === 'loading') return null;
  if (session.status === 'signed-out') {
    return (
      <p className="text-sm text-muted-foreground">
        <Link
          to="/auth"
          state={{ from: '/settings' }}
          className="font-medium text-primary underline underline-offset-4 hover:text-primary/80"
        >
          Sign in
        </Link>{' '}
        to ask for a new link in Settings.
      </p>
    );
  }
  return (
    <Button onClick={() => resend.mutate()} isBusy={resend.isPending} className="w-full">
      Send a new link
    </Button>
  );
}

/** Where to go once the e-mail is confirmed (or nothing more can be done here). */
function ContinueActions({ session }: { session: Session }) {
  if (session.status === 'signed-in') {
    return (
      <Button asChild className="w-full">
        <Link to="/settings">Go to Settings</Link>
      </Button>
    );
  }
  return (
    <div className="grid w-full gap-3 sm:grid-cols-2">
      <Button asChild>
        <Link to="/auth">Sign In</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/">Go to Home</Link>
      </Button>
    </div>
  );
}

const passwordResolver = lazyZodResolver(() =>
  import('#shared/schemas/auth.ts').then((schemas) =>
    schemas.signInRequestSchema.pick({ password: true }),
  ),
);

/** Not signed in: the account's password shows the person holds it (and signs them in). */
function PasswordConfirmation({
  token,
  confirmation,
}: {
  token: string;
  confirmation: ReturnType<typeof useConfirmEmail>;
}) {
  const id = useId();
  const { form, field } = useAuthForm(passwordResolver, { password: '' });
  const password = field('password');
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ password: value }) => {
    confirmation.mutate(
      { token, password: value },
      {
        onError: (error) => {
          // A wrong password belongs to the field; anything else is said above the buttons.
          if (error instanceof ApiError && error.status === 401) {
            form.setError('password', { message: error.message }, { shouldFocus: true });
          }
        },
      },
    );
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid w-full gap-4">
      <FormField
        id={`${id}-password`}
        label="Password of this account"
        error={errors.password?.message}
        hint="The password chosen when the account was made. Confirming signs you in."
      >
        {(control) => <PasswordInput {...control} {...password} autoComplete="current-password" />}
      </FormField>
      <SubmitButton isBusy={confirmation.isPending} busyLabel="Confirming...">
        Yes, it was me
      </SubmitButton>
      <p className="text-sm text-muted-foreground">
        Forgot it?{' '}
        <Link
          to="/auth"
          className="font-medium text-primary underline underline-offset-4 hover:text-primary/80"
        >
          Reset your password
        </Link>
        ; a new password chosen through the e-mailed link confirms your address too.
      </p>
    </form>
  );
}

/** "Not me", asked twice: it takes the way in of whoever made the account. */
function NotMe({
  token,
  decline,
}: {
  token: string;
  decline: ReturnType<typeof useDeclineEmailConfirmation>;
}) {
  const [isAsking, setIsAsking] = useState(false);
  const noteId = useId();
  if (!isAsking) {
    return (
      <Button variant="outline" className="w-full" onClick={() => setIsAsking(true)}>
        Not me
      </Button>
    );
  }
  return (
    <div
      role="group"
      aria-labelledby={noteId}
      className="grid w-full gap-3 rounded-xl border border-border p-4 text-left"
    >
      <p id={noteId} className="text-sm">
        If you did not make this account, we will remove its password and sign out every device
        using it, or remove the account altogether if nothing is saved in it yet.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Button
          className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
          isBusy={decline.isPending}
          onClick={() =>
            decline.mutate(
              { token },
              { onError: (error) => notify.error('Something went wrong', error.message) },
            )
          }
        >
          It was not me
        </Button>
        <Button variant="outline" autoFocus onClick={() => setIsAsking(false)}>
          Go back
        </Button>
      </div>
    </div>
  );
}

/** "This address was used to create a Grounded account. Was it you?", and the ways to answer. */
function Question({
  token,
  lookup,
  session,
  confirmation,
  decline,
}: {
  token: string;
  lookup: EmailConfirmationLookup;
  session: Session;
  confirmation: ReturnType<typeof useConfirmEmail>;
  decline: ReturnType<typeof useDeclineEmailConfirmation>;
}) {
  const setSession = useSetSession();
  const [isSigningOut, setIsSigningOut] = useState(false);
  const { error } = confirmation;
  const isFieldError = error instanceof ApiError && error.status === 401;

  let answer: ReactNode;
  if (lookup.signed_in_as === 'this-account') {
    answer = (
      <Button
        className="w-full"
        isBusy={confirmation.isPending}
        onClick={() => confirmation.mutate({ token })}
      >
        Yes, it was me
      </Button>
    );
  } else if (lookup.signed_in_as === 'another-account') {
    answer = (
      <div className="grid w-full gap-3">
        <p className="text-sm text-muted-foreground">
          You are signed in to another account ({session.user?.email}). Sign out here to confirm
          this one with its password.
        </p>
        <Button
          className="w-full"
          isBusy={isSigningOut}
          onClick={() => {
            setIsSigningOut(true);
            signOut()
              .then(() => setSession(null))
              .catch((signOutError: Error) => notify.error('Sign out failed', signOutError.message))
              .finally(() => setIsSigningOut(false));
          }}
        >
          Sign out
        </Button>
      </div>
    );
  } else {
    answer = <PasswordConfirmation token={token} confirmation={confirmation} />;
  }

  return (
    <Outcome icon={<MailQuestion aria-hidden="true" className="size-6" />} tone="neutral">
      <div className="grid gap-1">
        <p className="font-serif text-lg font-semibold text-balance">
          This address was used to create a Grounded account. Was it you?
        </p>
        <p className="text-sm break-all text-muted-foreground">{lookup.email}</p>
      </div>
      {error && !isFieldError ? (
        <p role="alert" className="font-medium text-balance text-destructive">
          {error.message}
        </p>
      ) : null}
      {answer}
      <NotMe token={token} decline={decline} />
    </Outcome>
  );
}

function LinkError({
  error,
  session,
  retry,
}: {
  error: Error;
  session: Session;
  retry: () => void;
}) {
  // 4xx: the link is unknown, used or expired. Anything else (offline, a server hiccup): the
  // link may well still work, so trying again is the way on.
  const isLinkError = error instanceof ApiError && error.status >= 400 && error.status < 500;
  const isAlreadyConfirmed = session.user?.email_verified === true;
  let actions: ReactNode;
  if (!isLinkError) {
    actions = (
      <Button onClick={retry} className="w-full">
        Try again
      </Button>
    );
  } else if (isAlreadyConfirmed) {
    actions = <ContinueActions session={session} />;
  } else {
    actions = <NewLinkAction session={session} />;
  }
  return (
    <Outcome icon={<CircleAlert aria-hidden="true" className="size-6" />} tone="error">
      <div role="alert" className="grid gap-1">
        <p className="font-medium text-balance">{error.message}</p>
        {isLinkError && isAlreadyConfirmed ? (
          <p className="text-sm text-muted-foreground">
            Your e-mail is already confirmed, so there is nothing more to do.
          </p>
        ) : null}
      </div>
      {actions}
    </Outcome>
  );
}

function Confirming({ token, session }: { token: string; session: Session }) {
  const lookup = useQuery({
    ...emailConfirmationLookupQuery(token, session.user?.id ?? null),
    enabled: session.status !== 'loading',
  });
  const confirmation = useConfirmEmail();
  const decline = useDeclineEmailConfirmation();

  // Once answered, the outcome stays: the link is spent, and asking about it again (the session
  // changes when the password signs the person in) would only say so.
  let content: ReactNode;
  if (confirmation.isSuccess) {
    content = (
      <Outcome icon={<CircleCheck aria-hidden="true" className="size-6" />} tone="success">
        <p className="font-serif text-lg font-semibold text-balance">{confirmation.data.message}</p>
        <ContinueActions session={session} />
      </Outcome>
    );
  } else if (decline.isSuccess) {
    content = (
      <Outcome icon={<MailCheck aria-hidden="true" className="size-6" />} tone="neutral">
        <p className="text-balance">{decline.data.message}</p>
        <Button asChild className="w-full">
          <Link to="/">Go to Home</Link>
        </Button>
      </Outcome>
    );
  } else if (lookup.data) {
    content = (
      <Question
        token={token}
        lookup={lookup.data}
        session={session}
        confirmation={confirmation}
        decline={decline}
      />
    );
  } else if (lookup.error) {
    content = (
      <LinkError error={lookup.error} session={session} retry={() => void lookup.refetch()} />
    );
  } else {
    content = (
      <Outcome icon={<Spinner className="size-6" />} tone="neutral">
        <p className="text-muted-foreground">Checking your link...</p>
      </Outcome>
    );
  }
  // One live region from the first paint on: a region added with its text already in it is
  // often not read out, so each outcome replaces the last one's words in this one.
  return <div aria-live="polite">{content}</div>;
}

/** The page the confirmation e-mail links to: /auth/confirm-email?token=… */
export function ConfirmEmailPage() {
  useDocumentTitle(title);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim();
  const session = useSession();

  if (!token) {
    return (
      <AuthCard title={title} description="This confirmation link is incomplete.">
        <Outcome icon={<MailCheck aria-hidden="true" className="size-6" />} tone="neutral">
          {session.user?.email_verified ? (
            <>
              <p className="text-sm">
                Your e-mail is already confirmed, so there is nothing to do.
              </p>
              <ContinueActions session={session} />
            </>
          ) : (
            <>
              <p className="text-sm">
                Open the link from the latest e-mail we sent you. If it does not work, ask for a new
                one.
              </p>
              <NewLinkAction session={session} />
            </>
          )}
        </Outcome>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={title} description="A confirmed address keeps your account safe.">
      <Confirming token={token} session={session} />
    </AuthCard>
  );
}
