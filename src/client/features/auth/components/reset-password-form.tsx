import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { passwordMinLength, passwordSchema } from '../../../../shared/schemas/auth.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldErrors, firstInvalidField, type FieldErrors } from '../../../lib/field-errors.ts';
import { notify } from '../../../lib/notify.ts';
import { useConfirmPasswordReset } from '../api/confirm-password-reset.ts';
import { FormField } from './form-field.tsx';
import { PasswordInput } from './password-input.tsx';
import { RequestNewLink } from './request-new-link.tsx';
import { SubmitButton } from './submit-button.tsx';

const fields = ['password', 'confirm'] as const;
type Field = (typeof fields)[number];

const newPasswordSchema = z
  .object({ password: passwordSchema, confirm: z.string() })
  .refine((value) => value.password === value.confirm, {
    path: ['confirm'],
    message: 'The passwords do not match.',
  });

/** New password twice; the server signs the person in with it and ends their other sessions. */
export function ResetPasswordForm({ token }: { token: string }) {
  const id = useId();
  const ids: Record<Field, string> = { password: `${id}-password`, confirm: `${id}-confirm` };
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const confirmReset = useConfirmPasswordReset();

  function update(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = newPasswordSchema.safeParse(values);
    if (!parsed.success) {
      const next = fieldErrors(parsed.error, fields);
      setErrors(next);
      const first = firstInvalidField(next, fields);
      if (first) document.getElementById(ids[first])?.focus();
      return;
    }
    setErrors({});
    confirmReset.mutate(
      { token, password: parsed.data.password },
      {
        onSuccess: () => {
          notify.success('Password updated', 'You are now signed in with your new password.');
          void navigate('/', { replace: true });
        },
      },
    );
  }

  // An invalid, expired or used link: the server says which; the way on is a new link.
  const { error } = confirmReset;
  const isLinkError = error instanceof ApiError && error.status === 400;
  const linkError = isLinkError ? error.message : undefined;
  const otherError = error && !isLinkError ? error.message : undefined;

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-5">
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
        error={errors.password}
        hint={`At least ${passwordMinLength} characters`}
      >
        {(control) => (
          <PasswordInput
            {...control}
            name="password"
            autoComplete="new-password"
            value={values.password}
            onChange={(event) => update('password', event.target.value)}
          />
        )}
      </FormField>
      <FormField id={ids.confirm} label="Confirm password" error={errors.confirm}>
        {(control) => (
          <PasswordInput
            {...control}
            name="confirm"
            autoComplete="new-password"
            value={values.confirm}
            onChange={(event) => update('confirm', event.target.value)}
          />
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
