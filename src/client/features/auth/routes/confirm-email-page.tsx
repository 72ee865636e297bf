import { CircleAlert, CircleCheck, MailCheck } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useResendEmailConfirmation } from '../../../api/auth.ts';
import { useConfirmEmail } from '../../../api/sign-in.ts';
import { useSession } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AuthCard } from '../components/auth-card.tsx';

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

function Confirming({ token, session }: { token: string; session: Session }) {
  const confirmation = useConfirmEmail();
  const { mutate } = confirmation;
  // A link works once: send it once per token, also when an effect runs twice (StrictMode).
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (sentFor.current === token) return;
    sentFor.current = token;
    mutate({ token });
  }, [token, mutate]);

  const { error } = confirmation;
  // 400: the link is unknown, used or expired. Anything else (offline, a server hiccup): the
  // link may well still work, so trying again is the way on.
  const isLinkError = error instanceof ApiError && error.status === 400;
  const isAlreadyConfirmed = session.user?.email_verified === true;

  let icon = <Spinner className="size-6" />;
  let actions: ReactNode = null;
  if (confirmation.isSuccess) {
    icon = <CircleCheck aria-hidden="true" className="size-6" />;
    actions = <ContinueActions session={session} />;
  } else if (error) {
    icon = <CircleAlert aria-hidden="true" className="size-6" />;
    if (!isLinkError) {
      actions = (
        <Button onClick={() => mutate({ token })} className="w-full">
          Try again
        </Button>
      );
    } else if (isAlreadyConfirmed) {
      actions = <ContinueActions session={session} />;
    } else {
      actions = <NewLinkAction session={session} />;
    }
  }

  return (
    <Outcome icon={icon} tone={confirmation.isSuccess ? 'success' : error ? 'error' : 'neutral'}>
      {/* One live region from the first paint on: a region added with its text already in it
          is often not read out, so the outcome replaces 'Confirming…' in this one. */}
      <p
        role="status"
        className={
          confirmation.isSuccess
            ? 'font-serif text-lg font-semibold text-balance'
            : 'text-muted-foreground empty:hidden'
        }
      >
        {confirmation.isSuccess
          ? confirmation.data.message
          : error
            ? null
            : 'Confirming your e-mail...'}
      </p>
      {error ? (
        <div role="alert" className="grid gap-1">
          <p className="font-medium text-balance">{error.message}</p>
          {isLinkError && isAlreadyConfirmed ? (
            <p className="text-sm text-muted-foreground">
              Your e-mail is already confirmed, so there is nothing more to do.
            </p>
          ) : null}
        </div>
      ) : null}
      {actions}
    </Outcome>
  );
}

/** The page the confirmation e-mail links to: /auth/confirm-email?token=… (issue 20). */
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
