import { useQuery } from '@tanstack/react-query';
import { Fingerprint, KeyRound } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { authProvidersQueryOptions } from '#client/api/sign-in-methods.ts';
import { GoogleMark } from '#client/components/google-mark.tsx';
import { Button } from '#client/components/ui/button.tsx';
import type { SessionUser } from '#shared/schemas/auth.ts';
import { EmailStatus } from './email-status.tsx';
import { SettingsCard } from './settings-card.tsx';
import { AddPasswordAction, RemoveAction } from './sign-in-method-actions.tsx';
import { MethodRow, StateBadge } from './sign-in-method-row.tsx';

/**
 * Google's round trip, started on the server, connects Google to the signed-in account only
 * (connect=1: the server checks the same account comes back) and brings the person back here.
 */
const connectGoogleHref = `/api/auth/google?connect=1&return_to=${encodeURIComponent('/settings')}`;

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

/** The ways in to the account, the e-mail's confirmation, and removing a way in (decision 019). */
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
