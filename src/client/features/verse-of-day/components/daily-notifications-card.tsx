import { Bell, CircleCheck } from 'lucide-react';
import { useId } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';

type DailyNotificationsCardProps = {
  /** null while the signed-in user's setting is loading. */
  isEnabled: boolean | null;
  isSaving: boolean;
  onChange: (enabled: boolean) => void;
};

/**
 * The 'Daily Notifications' card. One button that changes its label, so keyboard focus stays
 * on it after each change; the state is written beside it.
 */
export function DailyNotificationsCard({
  isEnabled,
  isSaving,
  onChange,
}: DailyNotificationsCardProps) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-8 flex flex-col gap-5 rounded-3xl border border-border bg-card p-6 text-card-foreground shadow-xs sm:flex-row sm:items-center sm:p-8"
    >
      <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
        <Bell className="size-6" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id={`${id}-title`} className="font-serif text-xl font-semibold tracking-tight">
          Daily Notifications
        </h2>
        <p id={`${id}-description`} className="mt-1 text-sm text-muted-foreground">
          Receive a daily verse notification to start your morning with God&apos;s Word
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-3">
        {isEnabled ? (
          <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary">
            <CircleCheck className="size-5" aria-hidden="true" />
            Enabled
          </p>
        ) : null}
        <Button
          variant={isEnabled ? 'ghost' : 'primary'}
          size={isEnabled ? 'sm' : 'md'}
          disabled={isEnabled === null}
          aria-disabled={isSaving}
          aria-describedby={`${id}-description`}
          onClick={() => {
            if (!isSaving) onChange(!isEnabled);
          }}
        >
          {isSaving ? <Spinner className="text-current" /> : null}
          {isEnabled ? 'Turn off' : 'Enable'}
        </Button>
      </div>
    </section>
  );
}
