import { useId } from 'react';
import { useSignUp } from '#client/api/sign-in.ts';
import { Input } from '#client/components/ui/input.tsx';
import { useAuthForm } from '#client/features/auth/hooks/use-auth-form.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { lazyZodResolver } from '#client/lib/lazy-resolver.ts';
import { notify } from '#client/lib/notify.ts';
import { authLimits } from '#shared/rules/auth.ts';
import { EmailField } from './email-field.tsx';
import { FormField } from './form-field.tsx';
import { PasswordInput } from './password-input.tsx';
import { SubmitButton } from './submit-button.tsx';

type SignUpFormProps = { email: string; onEmailChange: (email: string) => void };

/** product §5: name, e-mail and a password of at least 6 characters; the rest is the server's. */
const signUpResolver = lazyZodResolver(() =>
  import('#shared/schemas/auth.ts').then((schemas) => schemas.signUpRequestSchema),
);

export function SignUpForm({ email, onEmailChange }: SignUpFormProps) {
  const id = useId();
  const ids = { display_name: `${id}-name`, email: `${id}-email`, password: `${id}-password` };
  const { form, field } = useAuthForm(signUpResolver, {
    display_name: '',
    email,
    password: '',
  });
  const { errors } = form.formState;
  // Registered in form order: focus goes to the first field with a message.
  const fields = {
    display_name: field('display_name'),
    email: field('email', onEmailChange),
    password: field('password'),
  };
  const signUp = useSignUp();

  const onSubmit = form.handleSubmit((request) => {
    signUp.mutate(request, {
      onSuccess: () => notify.success('Welcome to Grounded!', 'Your account is ready.'),
      onError: (error) => {
        // An e-mail that is already taken belongs next to the e-mail field too.
        if (error instanceof ApiError && error.status === 409) {
          form.setError('email', { message: error.message });
        }
        notify.error('Sign up failed', error.message);
      },
    });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
      <FormField id={ids.display_name} label="Full name" error={errors.display_name?.message}>
        {(control) => (
          <Input
            {...control}
            {...fields.display_name}
            autoComplete="name"
            placeholder="Your name"
            maxLength={authLimits.displayName}
          />
        )}
      </FormField>
      <EmailField id={ids.email} error={errors.email?.message} registration={fields.email} />
      <FormField
        id={ids.password}
        label="Password"
        error={errors.password?.message}
        hint={`At least ${authLimits.passwordMin} characters`}
      >
        {(control) => (
          <PasswordInput {...control} {...fields.password} autoComplete="new-password" />
        )}
      </FormField>
      <SubmitButton isBusy={signUp.isPending} busyLabel="Creating account...">
        Create Account
      </SubmitButton>
    </form>
  );
}
