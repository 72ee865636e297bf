import { CalendarClock } from 'lucide-react';
import { useId, useRef } from 'react';
import { useNotificationsForm } from '#client/features/settings/lib/use-notifications-form.ts';
import type { UserSettings } from '#shared/schemas/settings.ts';
import { ReminderForm } from './reminder-form.tsx';
import { ReminderZoneField } from './reminder-zone-field.tsx';
import { SettingSwitch } from './setting-switch.tsx';

/** The daily verse and journal reminder switches, and when the reminders arrive. */
export function NotificationsForm({ settings }: { settings: UserSettings }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useNotificationsForm(settings, formRef);
  const { values, errors, change, nextReminder } = form;

  return (
    <ReminderForm
      formRef={formRef}
      onSubmit={form.onSubmit}
      above={
        <SettingSwitch
          id={`${id}-daily`}
          label="Daily verse notifications"
          description="Receive a verse each morning to start your day with God's Word."
          checked={values.daily_verse_notifications}
          onCheckedChange={(checked) => change('daily_verse_notifications', checked)}
        />
      }
      toggle={{
        label: 'Journal reminders',
        description: 'A gentle nudge to pause and write in your journal.',
        checked: values.journal_reminders,
        onCheckedChange: (checked) => change('journal_reminders', checked),
      }}
      offMessage="Turn on journal reminders to choose when they arrive."
      days={{
        label: 'Reminder days',
        value: values.reminder_days,
        onChange: (days) => change('reminder_days', days),
        error: errors.reminder_days,
      }}
      time={{
        label: 'Reminder time',
        value: values.reminder_time,
        onChange: (time) => change('reminder_time', time),
        error: errors.reminder_time,
      }}
      besideTime={(isOff) => (
        <ReminderZoneField
          value={values.reminder_timezone}
          onChange={(zone) => change('reminder_timezone', zone)}
          error={errors.reminder_timezone}
          disabled={isOff}
          storedZone={settings.reminder_timezone}
          browserZone={form.browserZone}
          suggestedZone={form.suggestedZone}
        />
      )}
      footer={
        nextReminder ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CalendarClock className="size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>
              Next reminder: <span className="font-medium text-foreground">{nextReminder}</span>
            </span>
          </p>
        ) : null
      }
      save={{
        label: 'Save notification settings',
        formError: errors.form,
        isChanged: form.isChanged,
        isSaving: form.isSaving,
      }}
    />
  );
}
