import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { authProvidersQueryOptions } from '#client/api/sign-in.ts';
import { GoogleMark } from '#client/components/google-mark.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { OrDivider } from './or-divider.tsx';

/** Starts Google sign-in on the server, which brings the person back to `returnTo`. */
function GoogleButton({ returnTo }: { returnTo: string }) {
  const [isRedirecting, setIsRedirecting] = useState(false);
  return (
    <Button
      type="button"
      variant="outline"
      size="lg"
      className="w-full"
      isBusy={isRedirecting}
      icon={<GoogleMark />}
      onClick={() => {
        setIsRedirecting(true);
        window.location.assign(`/api/auth/google?return_to=${encodeURIComponent(returnTo)}`);
      }}
    >
      Continue with Google
    </Button>
  );
}

/**
 * 'Continue with Google' and the divider under it, only on a server with a Google client: a
 * button that can only fail is worse than none. Nothing is shown, and no room kept, until the
 * server has answered. Most servers have no Google client, and a kept room would leave them a
 * hole that then closes and moves the form; where Google is set up, its small answer is
 * usually in before anyone has started to type.
 */
export function GoogleSignIn({
  returnTo,
  dividerLabel,
}: {
  returnTo: string;
  dividerLabel: string;
}) {
  const providers = useQuery(authProvidersQueryOptions);
  if (providers.data?.google !== true) return null;
  return (
    <>
      <GoogleButton returnTo={returnTo} />
      <OrDivider label={dividerLabel} />
    </>
  );
}
