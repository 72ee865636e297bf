import { useId } from 'react';
import { useSettings, useUpdateSettings } from '#client/api/settings.ts';
import type { UserSettings } from '#shared/schemas/settings.ts';
import { CardLoadError, CardSkeleton } from './card-states.tsx';
import { SettingSwitch } from './setting-switch.tsx';

type GroupSetting =
  | 'show_reading_to_groups'
  | 'group_request_notifications'
  | 'group_prayed_notifications'
  | 'group_update_notifications'
  | 'group_reading_notifications';

/** Groups' choices (decision 028), each saved as it is switched. */
const switches: { key: GroupSetting; label: string; description: string }[] = [
  {
    key: 'show_reading_to_groups',
    label: 'Show my reading to my groups',
    description: 'Your groups see when you have read the day’s reading of the plan they share.',
  },
  {
    key: 'group_request_notifications',
    label: 'New requests in my groups',
    description: 'A notice when someone shares a prayer request.',
  },
  {
    key: 'group_prayed_notifications',
    label: 'Someone prayed for my request',
    description: 'A notice when someone in a group prays for your request.',
  },
  {
    key: 'group_update_notifications',
    label: 'Updates and answers',
    description: 'A notice when a request is updated or answered.',
  },
  {
    key: 'group_reading_notifications',
    label: 'The group’s reading',
    description: 'A notice when a leader chooses the plan a group reads together.',
  },
];

const messages = {
  success: () => ({ title: 'Settings Saved' }),
  failureDescription: 'There was an error saving your settings. Please try again.',
};

function Switches({ settings }: { settings: UserSettings }) {
  const id = useId();
  const update = useUpdateSettings(messages);
  return (
    <div className="space-y-5">
      {switches.map(({ key, label, description }) => (
        <SettingSwitch
          key={key}
          id={`${id}-${key}`}
          label={label}
          description={description}
          checked={(update.isPending ? update.variables?.[key] : undefined) ?? settings[key]}
          disabled={update.isPending}
          onCheckedChange={(checked) => update.mutate({ [key]: checked })}
        />
      ))}
      <p className="text-sm text-muted-foreground">
        At most one notice of each kind per group an hour; more are gathered into it.
      </p>
    </div>
  );
}

/** The Groups card's inside, fetched once Settings is open. */
export function GroupSettingsBody() {
  const settings = useSettings();
  if (settings.isError && !settings.data) {
    return (
      <CardLoadError
        message="We couldn't load your group settings."
        onRetry={() => void settings.refetch()}
      />
    );
  }
  if (!settings.data) return <CardSkeleton label="Loading your group settings..." rows={3} />;
  return <Switches settings={settings.data} />;
}
