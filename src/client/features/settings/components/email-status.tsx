import { Mail } from 'lucide-react';
import { useResendEmailConfirmation } from '#client/api/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import type { SessionUser } from '#shared/schemas/auth.ts';
import { StateBadge } from './sign-in-method-row.tsx';

/** The account's e-mail, whether it is confirmed, and 'Send again' while it is not. */
export function EmailStatus({ user }: { user: SessionUser }) {
  const resend = useResendEmailConfirmation();
  return (
    <div className="mb-5 flex flex-col gap-3 rounded-xl border border-border bg-muted/50 p-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div className="flex min-w-0 items-start gap-3">
        <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <span className="font-medium break-all">{user.email}</span>
            {user.email_verified ? (
              <StateBadge isOn>Confirmed</StateBadge>
            ) : (
              <StateBadge isOn={false}>Not confirmed yet</StateBadge>
            )}
          </p>
          {user.email_verified ? null : (
            <p className="text-sm text-muted-foreground">
              Open the link we e-mailed you to show this address is yours.
            </p>
          )}
        </div>
      </div>
      {user.email_verified ? null : (
        <Button
          variant="outline"
          size="sm"
          onClick={() => resend.mutate()}
          isBusy={resend.isPending}
          className="ml-7 w-fit shrink-0 sm:ml-0"
        >
          Send again
        </Button>
      )}
    </div>
  );
}
