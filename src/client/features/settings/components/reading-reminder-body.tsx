import { useHabitReminder } from '#client/api/habit-reminder.ts';
import { useSettings } from '#client/api/settings.ts';
import { CardLoadError, CardSkeleton } from './card-states.tsx';
import { ReadingReminderForm } from './reading-reminder-form.tsx';

/** The daily reading reminder card's inside, fetched once Settings is open. */
export function ReadingReminderBody() {
  const reminder = useHabitReminder();
  const settings = useSettings();
  if (reminder.isError) {
    return (
      <CardLoadError
        message="We couldn't load your reading reminder."
        onRetry={() => void reminder.refetch()}
      />
    );
  }
  if (reminder.isPending) {
    return <CardSkeleton label="Loading your reading reminder..." rows={2} />;
  }
  return <ReadingReminderForm saved={reminder.data} timeZone={settings.data?.reminder_timezone} />;
}
