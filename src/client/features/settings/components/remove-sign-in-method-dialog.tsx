import { useState } from 'react';
import { useRemoveSignInMethod } from '#client/api/sign-in-methods.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialogContent } from '#client/components/ui/confirm-dialog-content.tsx';
import { Dialog, DialogTrigger } from '#client/components/ui/dialog.tsx';
import { notify } from '#client/lib/notify.ts';
import type { SignInMethod } from '#shared/schemas/auth.ts';

const copy: Record<
  SignInMethod,
  { name: string; title: string; confirm: string; consequence: (email: string) => string }
> = {
  password: {
    name: 'password',
    title: 'Remove your password?',
    confirm: 'Remove password',
    consequence: (email) =>
      `You will sign in with Google (${email}) only. You can add a password again here at any time.`,
  },
  google: {
    name: 'Google',
    title: 'Remove Google sign-in?',
    confirm: 'Remove Google',
    consequence: () =>
      'You will sign in with your e-mail and password only. You can connect Google again here at any time.',
  },
};

/** Asks once more before a way of signing in goes; Radix keeps focus inside and gives it back. */
export function RemoveSignInMethodDialog({
  method,
  email,
}: {
  method: SignInMethod;
  email: string;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const removal = useRemoveSignInMethod();
  const { name, title, confirm, consequence } = copy[method];

  function remove() {
    removal.mutate(method, {
      onSuccess: () => {
        setIsOpen(false);
        notify.success(
          'Sign-in method removed',
          method === 'password'
            ? 'You can no longer sign in with a password.'
            : 'You can no longer sign in with Google.',
        );
      },
      onError: (error) => {
        setIsOpen(false);
        notify.error('Sign-in method not removed', error.message);
      },
    });
  }

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!removal.isPending) setIsOpen(open);
      }}
    >
      <DialogTrigger asChild>
        <Button
          variant="outline"
          className="border-destructive/50 text-destructive hover:bg-destructive/10"
        >
          Remove<span className="sr-only"> {name}</span>
        </Button>
      </DialogTrigger>
      <ConfirmDialogContent
        title={title}
        description={consequence(email)}
        confirmLabel={confirm}
        isPending={removal.isPending}
        onConfirm={remove}
      />
    </Dialog>
  );
}
