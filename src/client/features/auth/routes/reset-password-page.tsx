import { useSearchParams } from 'react-router';
import { usePasswordResetCheck } from '#client/api/sign-in.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { AuthCard } from '#client/features/auth/components/auth-card.tsx';
import { RequestNewLink } from '#client/features/auth/components/request-new-link.tsx';
import { ResetPasswordForm } from '#client/features/auth/components/reset-password-form.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';

/** The page the password reset e-mail links to: /auth/reset-password?token=… */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a New Password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim();

  if (!token) {
    return <UnusableLink why="This password reset link is incomplete." />;
  }

  return <CheckedResetLink token={token} />;
}

/** A link that cannot reset a password: why, and a way to ask for a new one. */
function UnusableLink({ why }: { why: string }) {
  return (
    <AuthCard title="Choose a New Password" description={why}>
      <div className="grid justify-items-center gap-2 text-center text-sm">
        <p>
          Reset links work once and for one hour. Ask for a new one and open it from the latest
          e-mail.
        </p>
        <RequestNewLink />
      </div>
    </AuthCard>
  );
}

/** The form once the server says the link may still be used; else why not, and a new link. */
function CheckedResetLink({ token }: { token: string }) {
  const check = usePasswordResetCheck(token);
  const { error } = check;
  // A used, expired or made-up link (400): the server's words. Anything else (offline, a 5xx):
  // the form all the same, whose Update says what went wrong.
  if (error instanceof ApiError && error.status === 400) {
    return <UnusableLink why={error.message} />;
  }

  return (
    <AuthCard
      title="Choose a New Password"
      description="Pick a new password for your account. You will be signed in with it right away."
    >
      {check.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Checking the link" />
        </div>
      ) : (
        <ResetPasswordForm token={token} />
      )}
    </AuthCard>
  );
}
