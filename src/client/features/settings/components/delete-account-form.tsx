import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { useDeleteAccount } from '#client/api/account.ts';
import { Button } from '#client/components/ui/button.tsx';
import { DialogClose } from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { useSetSession } from '#client/lib/session.ts';
import { deleteConfirmationPhrase } from '#shared/rules/account.ts';
import type { DeleteAccountRequest } from '#shared/schemas/account.ts';
import { FieldError } from './card-states.tsx';

// The inside of delete-account-dialog.tsx, fetched when the dialog first opens or the browser
// is idle, not with the settings screen (decision 014). A new one each time the dialog
// opens: nothing typed is kept once it has closed.

const destructiveButtonClass =
  'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90';

type DeleteAccountFormProps = {
  hasPassword: boolean;
  /** Kept by the dialog, which stays open while it is under way. */
  deletion: ReturnType<typeof useDeleteAccount>;
};

/** The password, or for an account without one (Google sign-in) the word DELETE. */
export function DeleteAccountForm({ hasPassword, deletion }: DeleteAccountFormProps) {
  const id = useId();
  // The one field is the password, or the typed word; the server's answer is its only message.
  const form = useForm({ defaultValues: { confirmation: '' } });
  const setSession = useSetSession();
  const navigate = useNavigate();
  const value = useWatch({ control: form.control, name: 'confirmation' });
  const error = form.formState.errors.confirmation?.message;

  // The field takes the focus when it comes, as it does when the dialog opens with it there.
  useEffect(() => form.setFocus('confirmation'), [form]);

  const isFilled = hasPassword ? value.length > 0 : value.trim() === deleteConfirmationPhrase;

  const onSubmit = form.handleSubmit(() => {
    if (!isFilled || deletion.isPending) return;
    const body: DeleteAccountRequest = hasPassword
      ? { password: value }
      : { confirmation: deleteConfirmationPhrase };
    form.clearErrors();
    deletion.mutate(body, {
      onSuccess: async () => {
        notify.success('Account deleted', 'Your account and all of your data have been erased.');
        // Leave the protected page first, so clearing the session does not send us to /auth.
        await navigate('/', { replace: true });
        setSession(null);
      },
      onError: (failure) => {
        const isUserError =
          failure instanceof ApiError && (failure.status === 400 || failure.status === 401);
        form.setError('confirmation', {
          message: isUserError
            ? failure.message
            : "We couldn't delete your account just now. Please try again.",
        });
        requestAnimationFrame(() => form.setFocus('confirmation', { shouldSelect: true }));
      },
    });
  });

  const inputId = `${id}-confirm`;
  const errorId = `${id}-error`;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-6 space-y-5">
      <div className="space-y-2">
        <Label htmlFor={inputId}>
          {hasPassword ? 'Password' : `Type ${deleteConfirmationPhrase} to confirm`}
        </Label>
        <Input
          id={inputId}
          {...form.register('confirmation', {
            onChange: () => form.clearErrors('confirmation'),
          })}
          type={hasPassword ? 'password' : 'text'}
          autoComplete={hasPassword ? 'current-password' : 'off'}
          autoCapitalize={hasPassword ? undefined : 'characters'}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <FieldError id={errorId} message={error} />
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={deletion.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button
          type="submit"
          disabled={!isFilled}
          isBusy={deletion.isPending}
          className={destructiveButtonClass}
        >
          Delete my account
        </Button>
      </div>
    </form>
  );
}
