import { useId, useRef } from 'react';
import type { UserSettings } from '../../../../shared/schemas/settings.ts';
import { useNotificationsForm } from '../lib/use-notifications-form.ts';
import { ReminderSaveBar } from './reminder-fields.tsx';
import { ReminderSchedule } from './reminder-schedule.tsx';
import { SettingSwitch } from './setting-switch.tsx';

/** The daily verse and journal reminder switches, and when the reminders arrive. */
export function NotificationsForm({ settings }: { settings: UserSettings }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useNotificationsForm(settings, formRef);
  const { values, errors, change } = form;

  return (
    <form ref={formRef} onSubmit={(event) => void form.onSubmit(event)} noValidate>
      <div className="divide-y divide-border">
        <div className="pb-6">
          <SettingSwitch
            id={`${id}-daily`}
            label="Daily verse notifications"
            description="Receive a verse each morning to start your day with God's Word."
            checked={values.daily_verse_notifications}
            onCheckedChange={(checked) => change('daily_verse_notifications', checked)}
          />
        </div>
        <div className="space-y-6 py-6">
          <SettingSwitch
            id={`${id}-reminders`}
            label="Journal reminders"
            description="A gentle nudge to pause and write in your journal."
            checked={values.journal_reminders}
            onCheckedChange={(checked) => change('journal_reminders', checked)}
          />
          <ReminderSchedule
            values={values}
            errors={errors}
            onChange={change}
            storedZone={settings.reminder_timezone}
            browserZone={form.browserZone}
            suggestedZone={form.suggestedZone}
            nextReminder={form.nextReminder}
          />
        </div>
      </div>
      <ReminderSaveBar
        label="Save notification settings"
        formError={errors.form}
        isChanged={form.isChanged}
        isSaving={form.isSaving}
      />
    </form>
  );
}
