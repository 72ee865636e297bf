import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { RequestNewLink } from '../components/request-new-link.tsx';
import { ResetPasswordForm } from '../components/reset-password-form.tsx';

/** The page the password reset e-mail links to: /auth/reset-password?token=… */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a New Password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim();

  if (!token) {
    return (
      <AuthCard title="Choose a New Password" description="This password reset link is incomplete.">
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

  return (
    <AuthCard
      title="Choose a New Password"
      description="Pick a new password for your account. You will be signed in with it right away."
    >
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
