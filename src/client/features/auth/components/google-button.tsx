import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { GoogleMark } from '../../../components/google-mark.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { authProvidersQueryOptions } from '../../../lib/get-auth-providers.ts';
import { notify } from '../../../lib/notify.ts';

/** Starts Google sign-in on the server, which brings the person back to `returnTo`. */
export function GoogleButton({ returnTo }: { returnTo: string }) {
  const queryClient = useQueryClient();
  const [isRedirecting, setIsRedirecting] = useState(false);

  // Ask early, so that the click can answer at once.
  useEffect(() => {
    void queryClient.prefetchQuery(authProvidersQueryOptions);
  }, [queryClient]);

  async function handleClick() {
    setIsRedirecting(true);
    try {
      const { google } = await queryClient.fetchQuery(authProvidersQueryOptions);
      if (!google) {
        notify.error(
          'Google sign in failed',
          'Google sign-in is not set up on this server. Please use your e-mail and password.',
        );
        setIsRedirecting(false);
        return;
      }
      window.location.assign(`/api/auth/google?return_to=${encodeURIComponent(returnTo)}`);
    } catch (error) {
      notify.error(
        'Google sign in failed',
        error instanceof Error ? error.message : 'Please try again.',
      );
      setIsRedirecting(false);
    }
  }

  return (
    <Button
      type="button"
      variant="outline"
      size="lg"
      className="w-full"
      disabled={isRedirecting}
      onClick={() => void handleClick()}
    >
      {isRedirecting ? <Spinner className="text-current" /> : <GoogleMark />}
      Continue with Google
    </Button>
  );
}
