import { ArrowLeft } from 'lucide-react';
import { useId } from 'react';
import { useRequestPasswordReset } from '#client/api/sign-in.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useAuthForm } from '#client/features/auth/hooks/use-auth-form.ts';
import { lazyZodResolver } from '#client/lib/lazy-resolver.ts';
import { notify } from '#client/lib/notify.ts';
import { EmailField } from './email-field.tsx';
import { SubmitButton } from './submit-button.tsx';

type ForgotPasswordFormProps = {
  email: string;
  onEmailChange: (email: string) => void;
  onBack: () => void;
};

const forgotPasswordResolver = lazyZodResolver(() =>
  import('#shared/schemas/auth.ts').then((schemas) => schemas.passwordResetRequestSchema),
);

/** Asks for a reset link; the server answers the same whether or not the account exists. */
export function ForgotPasswordForm({ email, onEmailChange, onBack }: ForgotPasswordFormProps) {
  const id = useId();
  const emailId = `${id}-email`;
  const headingId = `${id}-heading`;
  const { form, field } = useAuthForm(forgotPasswordResolver, { email });
  const requestReset = useRequestPasswordReset();

  const onSubmit = form.handleSubmit((request) => {
    requestReset.mutate(request, {
      onSuccess: () => {
        notify.success('Password reset sent', 'Check your email for the password reset link.');
        onBack();
      },
      onError: (failure) => notify.error('Password reset failed', failure.message),
    });
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby={headingId}
      className="grid gap-5"
    >
      <div>
        <h2 id={headingId} className="font-serif text-xl font-semibold">
          Reset your password
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Enter the e-mail address of your account and we will send you a link to choose a new
          password.
        </p>
      </div>
      <EmailField
        id={emailId}
        // The form appears because the person asked for it, so their next step is typing here.
        autoFocus
        error={form.formState.errors.email?.message}
        registration={field('email', onEmailChange)}
      />
      <SubmitButton isBusy={requestReset.isPending} busyLabel="Sending...">
        Send reset link
      </SubmitButton>
      <Button type="button" variant="ghost" onClick={onBack} className="justify-self-center">
        <ArrowLeft aria-hidden="true" />
        Back to sign in
      </Button>
    </form>
  );
}
