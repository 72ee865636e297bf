import { Bell } from 'lucide-react';
import { useState } from 'react';
import { useSettings } from '#client/api/settings.ts';
import { loadOnce } from '#client/lib/load-once.ts';
import { useLoaded } from '#client/lib/use-loaded.ts';
import { CardLoadError, CardSkeleton } from './card-states.tsx';
import { SettingsCard } from './settings-card.tsx';

// The form (switches, days, time, zone, and what checks them) is fetched alongside the
// settings it shows, not with the settings screen (decision 014): the card shows its
// skeleton until both have come.
const formCode = loadOnce(() => import('./notifications-form.tsx'));

export function NotificationsCard() {
  const settings = useSettings();
  const [isCodeMissing, setIsCodeMissing] = useState(false);
  const code = useLoaded(formCode, !isCodeMissing, () => setIsCodeMissing(true));
  return (
    <SettingsCard
      id="notifications"
      title="Notifications"
      description="Gentle reminders to read, reflect and write."
      icon={Bell}
    >
      {settings.isError || isCodeMissing ? (
        <CardLoadError
          message="We couldn't load your notification settings."
          onRetry={() => {
            setIsCodeMissing(false);
            if (settings.isError) void settings.refetch();
          }}
        />
      ) : settings.isPending || !code ? (
        <CardSkeleton label="Loading your notification settings..." rows={3} />
      ) : (
        <code.NotificationsForm settings={settings.data} />
      )}
    </SettingsCard>
  );
}
