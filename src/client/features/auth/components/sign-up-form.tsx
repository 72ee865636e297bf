import { useId, useState, type FormEvent } from 'react';
import { passwordMinLength, signUpRequestSchema } from '../../../../shared/schemas/auth.ts';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldErrors, firstInvalidField, type FieldErrors } from '../../../lib/field-errors.ts';
import { notify } from '../../../lib/notify.ts';
import { useSignUp } from '../api/sign-up.ts';
import { EmailField } from './email-field.tsx';
import { FormField } from './form-field.tsx';
import { PasswordInput } from './password-input.tsx';
import { SubmitButton } from './submit-button.tsx';

const fields = ['display_name', 'email', 'password'] as const;
type Field = (typeof fields)[number];

type SignUpFormProps = { email: string; onEmailChange: (email: string) => void };

/** spec §5: name, e-mail and a password of at least 6 characters; the rest is the server's. */
export function SignUpForm({ email, onEmailChange }: SignUpFormProps) {
  const id = useId();
  const ids: Record<Field, string> = {
    display_name: `${id}-name`,
    email: `${id}-email`,
    password: `${id}-password`,
  };
  const [displayName, setDisplayName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const signUp = useSignUp();

  function clearError(field: Field) {
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = signUpRequestSchema.safeParse({ email, password, display_name: displayName });
    if (!parsed.success) {
      const next = fieldErrors(parsed.error, fields);
      setErrors(next);
      const first = firstInvalidField(next, fields);
      if (first) document.getElementById(ids[first])?.focus();
      return;
    }
    setErrors({});
    signUp.mutate(parsed.data, {
      onSuccess: () => notify.success('Welcome to Grounded!', 'Your account is ready.'),
      onError: (error) => {
        // An e-mail that is already taken belongs next to the e-mail field too.
        if (error instanceof ApiError && error.status === 409) setErrors({ email: error.message });
        notify.error('Sign up failed', error.message);
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-5">
      <FormField id={ids.display_name} label="Full name" error={errors.display_name}>
        {(control) => (
          <Input
            {...control}
            name="display_name"
            autoComplete="name"
            placeholder="Your name"
            value={displayName}
            onChange={(event) => {
              setDisplayName(event.target.value);
              clearError('display_name');
            }}
          />
        )}
      </FormField>
      <EmailField
        id={ids.email}
        value={email}
        error={errors.email}
        onChange={(value) => {
          onEmailChange(value);
          clearError('email');
        }}
      />
      <FormField
        id={ids.password}
        label="Password"
        error={errors.password}
        hint={`At least ${passwordMinLength} characters`}
      >
        {(control) => (
          <PasswordInput
            {...control}
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              clearError('password');
            }}
          />
        )}
      </FormField>
      <SubmitButton isBusy={signUp.isPending} busyLabel="Creating account...">
        Create Account
      </SubmitButton>
    </form>
  );
}
