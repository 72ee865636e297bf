import { useEffect, useId, useRef } from 'react';
import { useSignIn } from '#client/api/sign-in.ts';
import { useAuthForm } from '#client/features/auth/hooks/use-auth-form.ts';
import { lazyZodResolver } from '#client/lib/lazy-resolver.ts';
import { notify } from '#client/lib/notify.ts';
import { EmailField } from './email-field.tsx';
import { FormField } from './form-field.tsx';
import { PasswordInput } from './password-input.tsx';
import { SubmitButton } from './submit-button.tsx';

type SignInFormProps = {
  email: string;
  onEmailChange: (email: string) => void;
  onForgotPassword: () => void;
  /** Back from the reset form: return focus to the button that opened it. */
  shouldFocusForgot?: boolean;
};

const signInResolver = lazyZodResolver(() =>
  import('#shared/schemas/auth.ts').then((schemas) => schemas.signInRequestSchema),
);

/** E-mail and password; on success the page sees the session and leaves /auth. */
export function SignInForm({
  email,
  onEmailChange,
  onForgotPassword,
  shouldFocusForgot = false,
}: SignInFormProps) {
  const id = useId();
  const ids = { email: `${id}-email`, password: `${id}-password` };
  const { form, field } = useAuthForm(signInResolver, { email, password: '' });
  const { errors } = form.formState;
  // Registered in form order: focus goes to the first field with a message.
  const fields = { email: field('email', onEmailChange), password: field('password') };
  const signIn = useSignIn();
  const forgotRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (shouldFocusForgot) forgotRef.current?.focus();
  }, [shouldFocusForgot]);

  const onSubmit = form.handleSubmit((request) => {
    signIn.mutate(request, {
      onSuccess: () => notify.success('Welcome back!', "You've successfully signed in."),
      onError: (error) => notify.error('Sign in failed', error.message),
    });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
      <EmailField id={ids.email} error={errors.email?.message} registration={fields.email} />
      <FormField
        id={ids.password}
        label="Password"
        error={errors.password?.message}
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
          <PasswordInput {...control} {...fields.password} autoComplete="current-password" />
        )}
      </FormField>
      <SubmitButton isBusy={signIn.isPending} busyLabel="Signing in...">
        Sign In
      </SubmitButton>
    </form>
  );
}
