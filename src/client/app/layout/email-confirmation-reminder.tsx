import { MailCheck, X } from 'lucide-react';
import { useState } from 'react';
import { useResendEmailConfirmation } from '#client/api/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';

/** sessionStorage: the id of the user who dismissed the reminder in this browser session. */
const dismissedKey = 'grounded:email-reminder-dismissed';

function readDismissed(): string | null {
  try {
    return sessionStorage.getItem(dismissedKey);
  } catch {
    return null; // storage blocked: the reminder shows again
  }
}

function storeDismissed(userId: string): void {
  try {
    sessionStorage.setItem(dismissedKey, userId);
  } catch {
    // Storage blocked: hidden until the next page load only.
  }
}

/**
 * A quiet strip under the header: confirm the e-mail, send the link again, or put it away for
 * the rest of this browser session.
 */
export function EmailConfirmationReminder({ userId, email }: { userId: string; email: string }) {
  const [dismissedBy, setDismissedBy] = useState(readDismissed);
  const resend = useResendEmailConfirmation();
  if (dismissedBy === userId) return null;
  return (
    <div role="status" className="border-b border-border bg-accent/60 text-accent-foreground">
      <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-1.5 sm:items-center sm:px-6">
        <MailCheck aria-hidden="true" className="mt-2 size-4 shrink-0 sm:mt-0" />
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-4 gap-y-0.5">
          <p className="py-1.5 text-sm">
            <strong className="font-semibold">Confirm your e-mail.</strong>{' '}
            <span>
              We sent a link to <span className="font-medium break-words">{email}</span>.
            </span>
          </p>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => resend.mutate()}
            disabled={resend.isPending}
            className="-ml-3 h-8 px-3 text-accent-foreground underline decoration-accent-foreground/40 underline-offset-4 hover:bg-accent-foreground/10 hover:decoration-current sm:ml-auto"
          >
            {resend.isPending ? <Spinner className="text-current" /> : null}
            Send again
          </Button>
        </div>
        <button
          type="button"
          onClick={() => {
            storeDismissed(userId);
            setDismissedBy(userId);
          }}
          aria-label="Dismiss the reminder to confirm your e-mail"
          className="-mr-2 inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-full transition-colors hover:bg-accent-foreground/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
