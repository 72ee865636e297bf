import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { signInRequestSchema } from '../../../../shared/schemas/auth.ts';
import { fieldErrors, firstInvalidField, type FieldErrors } from '../../../lib/field-errors.ts';
import { notify } from '../../../lib/notify.ts';
import { useSignIn } from '../api/sign-in.ts';
import { EmailField } from './email-field.tsx';
import { FormField } from './form-field.tsx';
import { PasswordInput } from './password-input.tsx';
import { SubmitButton } from './submit-button.tsx';

const fields = ['email', 'password'] as const;
type Field = (typeof fields)[number];

type SignInFormProps = {
  email: string;
  onEmailChange: (email: string) => void;
  onForgotPassword: () => void;
  /** Back from the reset form: return focus to the button that opened it. */
  shouldFocusForgot?: boolean;
};

/** E-mail and password; on success the page sees the session and leaves /auth. */
export function SignInForm({
  email,
  onEmailChange,
  onForgotPassword,
  shouldFocusForgot = false,
}: SignInFormProps) {
  const id = useId();
  const ids: Record<Field, string> = { email: `${id}-email`, password: `${id}-password` };
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const signIn = useSignIn();
  const forgotRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (shouldFocusForgot) forgotRef.current?.focus();
  }, [shouldFocusForgot]);

  function clearError(field: Field) {
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = signInRequestSchema.safeParse({ email, password });
    if (!parsed.success) {
      const next = fieldErrors(parsed.error, fields);
      setErrors(next);
      const first = firstInvalidField(next, fields);
      if (first) document.getElementById(ids[first])?.focus();
      return;
    }
    setErrors({});
    signIn.mutate(parsed.data, {
      onSuccess: () => notify.success('Welcome back!', "You've successfully signed in."),
      onError: (error) => notify.error('Sign in failed', error.message),
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-5">
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
        labelAside={
          <button
            ref={forgotRef}
            type="button"
            onClick={onForgotPassword}
            className="cursor-pointer rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            Forgot password?
          </button>
        }
      >
        {(control) => (
          <PasswordInput
            {...control}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              clearError('password');
            }}
          />
        )}
      </FormField>
      <SubmitButton isBusy={signIn.isPending} busyLabel="Signing in...">
        Sign In
      </SubmitButton>
    </form>
  );
}
