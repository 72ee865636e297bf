import { useId } from 'react';
import { useRequestPasswordReset } from '#client/api/sign-in-methods.ts';
import { Button } from '#client/components/ui/button.tsx';
import { notify } from '#client/lib/notify.ts';
import type { SessionUser, SignInMethod } from '#shared/schemas/auth.ts';
import { RemoveSignInMethodDialog } from './remove-sign-in-method-dialog.tsx';

/** Remove, or for the last way in a disabled Remove with the reason beside it (also for AT). */
export function RemoveAction({ method, user }: { method: SignInMethod; user: SessionUser }) {
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

/** For an account without a password: a reset link sets one. */
export function AddPasswordAction({ email }: { email: string }) {
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
      isBusy={request.isPending}
    >
      Add a password
    </Button>
  );
}
