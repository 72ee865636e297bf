import { useId } from 'react';
import { useNavigate } from 'react-router';
import { useConfirmPasswordReset } from '#client/api/sign-in.ts';
import { useAuthForm } from '#client/features/auth/hooks/use-auth-form.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { lazyZodResolver } from '#client/lib/lazy-resolver.ts';
import { notify } from '#client/lib/notify.ts';
import { authLimits } from '#shared/rules/auth.ts';
import { FormField } from './form-field.tsx';
import { PasswordInput } from './password-input.tsx';
import { RequestNewLink } from './request-new-link.tsx';
import { SubmitButton } from './submit-button.tsx';

const newPasswordResolver = lazyZodResolver(() =>
  import('#shared/schemas/auth.ts').then((schemas) => schemas.newPasswordFormSchema),
);

/** New password twice; the server signs the person in with it and ends their other sessions. */
export function ResetPasswordForm({ token }: { token: string }) {
  const id = useId();
  const ids = { password: `${id}-password`, confirm: `${id}-confirm` };
  const navigate = useNavigate();
  const { form, field } = useAuthForm(newPasswordResolver, { password: '', confirm: '' });
  const { errors } = form.formState;
  // Registered in form order: focus goes to the first field with a message.
  const fields = { password: field('password'), confirm: field('confirm') };
  const confirmReset = useConfirmPasswordReset();

  const onSubmit = form.handleSubmit(({ password }) => {
    confirmReset.mutate(
      { token, password },
      {
        onSuccess: () => {
          notify.success('Password updated', 'You are now signed in with your new password.');
          void navigate('/', { replace: true });
        },
      },
    );
  });

  // An invalid, expired or used link: the server says which; the way on is a new link.
  const { error } = confirmReset;
  const isLinkError = error instanceof ApiError && error.status === 400;
  const linkError = isLinkError ? error.message : undefined;
  const otherError = error && !isLinkError ? error.message : undefined;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
      {linkError ? (
        <div
          role="alert"
          className="rounded-xl border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm"
        >
          <p className="font-medium text-foreground">{linkError}</p>
          <RequestNewLink className="mt-1" />
        </div>
      ) : null}
      <FormField
        id={ids.password}
        label="New password"
        error={errors.password?.message}
        hint={`At least ${authLimits.passwordMin} characters`}
      >
        {(control) => (
          <PasswordInput {...control} {...fields.password} autoComplete="new-password" />
        )}
      </FormField>
      <FormField id={ids.confirm} label="Confirm password" error={errors.confirm?.message}>
        {(control) => (
          <PasswordInput {...control} {...fields.confirm} autoComplete="new-password" />
        )}
      </FormField>
      {otherError ? (
        <p role="alert" className="text-sm text-destructive">
          {otherError}
        </p>
      ) : null}
      <SubmitButton isBusy={confirmReset.isPending} busyLabel="Updating...">
        Update Password
      </SubmitButton>
    </form>
  );
}
