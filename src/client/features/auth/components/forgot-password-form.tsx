import { ArrowLeft } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { passwordResetRequestSchema } from '../../../../shared/schemas/auth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../lib/notify.ts';
import { useRequestPasswordReset } from '../../../lib/request-password-reset.ts';
import { EmailField } from './email-field.tsx';
import { SubmitButton } from './submit-button.tsx';

type ForgotPasswordFormProps = {
  email: string;
  onEmailChange: (email: string) => void;
  onBack: () => void;
};

/** Asks for a reset link; the server answers the same whether or not the account exists. */
export function ForgotPasswordForm({ email, onEmailChange, onBack }: ForgotPasswordFormProps) {
  const id = useId();
  const emailId = `${id}-email`;
  const headingId = `${id}-heading`;
  const [error, setError] = useState<string>();
  const requestReset = useRequestPasswordReset();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = passwordResetRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      document.getElementById(emailId)?.focus();
      return;
    }
    setError(undefined);
    requestReset.mutate(parsed.data, {
      onSuccess: () => {
        notify.success('Password reset sent', 'Check your email for the password reset link.');
        onBack();
      },
      onError: (failure) => notify.error('Password reset failed', failure.message),
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby={headingId} className="grid gap-5">
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
        value={email}
        error={error}
        onChange={(value) => {
          onEmailChange(value);
          setError(undefined);
        }}
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
