import { Bell } from 'lucide-react';
import { useSettings } from '../../../api/settings.ts';
import { CardLoadError, CardSkeleton } from './card-states.tsx';
import { NotificationsForm } from './notifications-form.tsx';
import { SettingsCard } from './settings-card.tsx';

export function NotificationsCard() {
  const settings = useSettings();
  return (
    <SettingsCard
      id="notifications"
      title="Notifications"
      description="Gentle reminders to read, reflect and write."
      icon={Bell}
    >
      {settings.isPending ? (
        <CardSkeleton label="Loading your notification settings..." rows={3} />
      ) : settings.isError ? (
        <CardLoadError
          message="We couldn't load your notification settings."
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <NotificationsForm settings={settings.data} />
      )}
    </SettingsCard>
  );
}
