import { BookOpenCheck } from 'lucide-react';
import { useState } from 'react';
import { useHabitReminder } from '../../../api/habit-reminder.ts';
import { useSettings } from '../../../api/settings.ts';
import { loadOnce } from '../../../lib/load-once.ts';
import { useLoaded } from '../../../lib/use-loaded.ts';
import { CardLoadError, CardSkeleton } from './card-states.tsx';
import { SettingsCard } from './settings-card.tsx';

// The form comes with the reminder it shows, not with the settings screen (as Notifications).
const formCode = loadOnce(() => import('./reading-reminder-form.tsx'));

/** Issue 26 item 4: the reminder of the day's reading, at the days and time the person sets. */
export function ReadingReminderCard() {
  const reminder = useHabitReminder();
  const settings = useSettings();
  const [isCodeMissing, setIsCodeMissing] = useState(false);
  const code = useLoaded(formCode, !isCodeMissing, () => setIsCodeMissing(true));
  return (
    <SettingsCard
      id="reading-reminder"
      title="Daily reading reminder"
      description="A nudge to read the day's chapters of your plans."
      icon={BookOpenCheck}
    >
      {reminder.isError || isCodeMissing ? (
        <CardLoadError
          message="We couldn't load your reading reminder."
          onRetry={() => {
            setIsCodeMissing(false);
            if (reminder.isError) void reminder.refetch();
          }}
        />
      ) : reminder.isPending || !code ? (
        <CardSkeleton label="Loading your reading reminder..." rows={2} />
      ) : (
        <code.ReadingReminderForm
          saved={reminder.data}
          timeZone={settings.data?.reminder_timezone}
        />
      )}
    </SettingsCard>
  );
}
