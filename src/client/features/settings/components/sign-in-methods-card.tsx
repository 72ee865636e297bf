import { useQuery } from '@tanstack/react-query';
import { CircleCheck, Clock, Fingerprint, KeyRound, Mail } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { SessionUser, SignInMethod } from '../../../../shared/schemas/auth.ts';
import { GoogleMark } from '../../../components/google-mark.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { authProvidersQueryOptions } from '../../../lib/get-auth-providers.ts';
import { notify } from '../../../lib/notify.ts';
import { useRequestPasswordReset } from '../../../lib/request-password-reset.ts';
import { useResendEmailConfirmation } from '../../../lib/resend-email-confirmation.ts';
import { RemoveSignInMethodDialog } from './remove-sign-in-method-dialog.tsx';
import { SettingsCard } from './settings-card.tsx';

/** Google's sign-in, started on the server, brings the person back here (safeReturnPath). */
const connectGoogleHref = `/api/auth/google?return_to=${encodeURIComponent('/settings')}`;

function StateBadge({ isOn, children }: { isOn: boolean; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        isOn ? 'bg-secondary text-secondary-foreground' : 'bg-muted text-muted-foreground',
      )}
    >
      {isOn ? (
        <CircleCheck aria-hidden="true" className="size-3.5" />
      ) : (
        <Clock aria-hidden="true" className="size-3.5" />
      )}
      {children}
    </span>
  );
}

function MethodRow({
  icon,
  name,
  state,
  description,
  action,
}: {
  icon: ReactNode;
  name: string;
  state: ReactNode;
  description: ReactNode;
  action?: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-4 py-5 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg border border-border bg-background">
          {icon}
        </span>
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 className="font-medium">{name}</h3>
            {state}
          </div>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
      </div>
      {action ? (
        <div className="shrink-0 pl-12 sm:max-w-48 sm:pl-0 sm:text-right">{action}</div>
      ) : null}
    </li>
  );
}

/** Remove, or for the last way in a disabled Remove with the reason beside it (also for AT). */
function RemoveAction({ method, user }: { method: SignInMethod; user: SessionUser }) {
  const reasonId = useId();
  const isOnlyMethod = user.providers.length <= 1;
  if (!isOnlyMethod) return <RemoveSignInMethodDialog method={method} email={user.email} />;
  return (
    <div className="grid justify-items-start gap-1.5 sm:justify-items-end">
      <Button variant="outline" disabled aria-describedby={reasonId} className="w-full sm:w-auto">
        Remove<span className="sr-only"> {method === 'password' ? 'password' : 'Google'}</span>
      </Button>
      <p id={reasonId} className="text-xs text-muted-foreground">
        It is your only way to sign in.
      </p>
    </div>
  );
}

function AddPasswordAction({ email }: { email: string }) {
  const request = useRequestPasswordReset();
  return (
    <Button
      variant="outline"
      onClick={() =>
        request.mutate(
          { email },
          {
            onSuccess: () =>
              notify.success(
                'Password reset sent',
                'Check your email for the password reset link.',
              ),
            onError: (error) => notify.error('Password reset failed', error.message),
          },
        )
      }
      disabled={request.isPending}
    >
      {request.isPending ? <Spinner className="text-current" /> : null}
      Add a password
    </Button>
  );
}

function EmailStatus({ user }: { user: SessionUser }) {
  const resend = useResendEmailConfirmation();
  return (
    <div className="mb-5 flex flex-col gap-3 rounded-xl border border-border bg-muted/50 p-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div className="flex min-w-0 items-start gap-3">
        <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <span className="font-medium break-all">{user.email}</span>
            {user.email_verified ? (
              <StateBadge isOn>Confirmed</StateBadge>
            ) : (
              <StateBadge isOn={false}>Not confirmed yet</StateBadge>
            )}
          </p>
          {user.email_verified ? null : (
            <p className="text-sm text-muted-foreground">
              Open the link we e-mailed you to show this address is yours.
            </p>
          )}
        </div>
      </div>
      {user.email_verified ? null : (
        <Button
          variant="outline"
          size="sm"
          onClick={() => resend.mutate()}
          disabled={resend.isPending}
          className="ml-7 w-fit shrink-0 sm:ml-0"
        >
          {resend.isPending ? <Spinner className="text-current" /> : null}
          Send again
        </Button>
      )}
    </div>
  );
}

function GoogleRow({ user }: { user: SessionUser }) {
  const providers = useQuery(authProvidersQueryOptions);
  const isLinked = user.providers.includes('google');
  const isOffered = providers.data?.google === true;

  let description: string;
  let action: ReactNode = null;
  if (isLinked) {
    description = `Sign in with the Google account for ${user.email}.`;
    action = <RemoveAction method="google" user={user} />;
  } else if (providers.isPending) {
    description = 'Sign in with your Google account.';
  } else if (!isOffered) {
    description = 'Google sign-in is not offered on this server.';
  } else if (!user.email_verified) {
    description = 'You can connect Google once your e-mail is confirmed.';
  } else {
    description = `Sign in with the Google account that uses ${user.email}.`;
    action = (
      <Button asChild variant="outline">
        <a href={connectGoogleHref}>
          <GoogleMark />
          Connect Google
        </a>
      </Button>
    );
  }

  return (
    <MethodRow
      icon={<GoogleMark className="size-4" />}
      name="Google"
      state={<StateBadge isOn={isLinked}>{isLinked ? 'Connected' : 'Not connected'}</StateBadge>}
      description={description}
      action={action}
    />
  );
}

/** Issue 20: the ways in to the account, the e-mail's confirmation, and removing a way in. */
export function SignInMethodsCard({ user }: { user: SessionUser }) {
  const hasPassword = user.providers.includes('password');
  const methodCount = user.providers.length;
  const previousCount = useRef(methodCount);
  useEffect(() => {
    const isRemoved = methodCount < previousCount.current;
    previousCount.current = methodCount;
    if (!isRemoved) return;
    // The Remove button (and its dialog) went with the method: keep keyboard users in this card.
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      const heading = document.getElementById('sign-in-methods-title');
      heading?.setAttribute('tabindex', '-1');
      heading?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [methodCount]);
  return (
    <SettingsCard
      id="sign-in-methods"
      title="Sign-in methods"
      description="The ways you can sign in to your account."
      icon={Fingerprint}
    >
      <EmailStatus user={user} />
      <ul className="divide-y divide-border">
        <MethodRow
          icon={<KeyRound aria-hidden="true" className="size-4 text-primary" />}
          name="Password"
          state={
            <StateBadge isOn={hasPassword}>{hasPassword ? 'Set up' : 'Not set up'}</StateBadge>
          }
          description={
            hasPassword
              ? 'Sign in with your e-mail and password.'
              : 'Add one to sign in with your e-mail too. We will e-mail you a link to choose it.'
          }
          action={
            hasPassword ? (
              <RemoveAction method="password" user={user} />
            ) : (
              <AddPasswordAction email={user.email} />
            )
          }
        />
        <GoogleRow user={user} />
      </ul>
    </SettingsCard>
  );
}
