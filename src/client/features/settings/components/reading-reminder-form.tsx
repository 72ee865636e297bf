import { useRef } from 'react';
import { useReadingReminderForm } from '#client/features/settings/lib/use-reading-reminder-form.ts';
import type { HabitReminder } from '#shared/schemas/habits.ts';
import { ReminderForm } from './reminder-form.tsx';

type ReadingReminderFormProps = {
  saved: HabitReminder;
  /** The zone reminders are sent in (the notification settings'), once known. */
  timeZone: string | undefined;
};

/** The daily reading reminder: on or off, its days and its time. */
export function ReadingReminderForm({ saved, timeZone }: ReadingReminderFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useReadingReminderForm(saved, formRef);
  const { values, errors, change } = form;

  return (
    <ReminderForm
      formRef={formRef}
      onSubmit={form.onSubmit}
      toggle={{
        label: 'Reading reminders',
        description: "A reminder of the day's readings from the plans you follow, once a day.",
        checked: values.enabled,
        onCheckedChange: (checked) => change('enabled', checked),
      }}
      offMessage="Turn on the reading reminder to choose when it arrives."
      days={{
        label: 'Reading days',
        value: values.days,
        onChange: (days) => change('days', days),
        error: errors.days,
      }}
      time={{
        label: 'Reading reminder time',
        value: values.time,
        onChange: (time) => change('time', time),
        error: errors.time,
        hint: timeZone
          ? `In your notification time zone, ${timeZone.replaceAll('_', ' ')}.`
          : undefined,
      }}
      save={{
        label: 'Save reading reminder',
        formError: errors.form,
        isChanged: form.isChanged,
        isSaving: form.isSaving,
      }}
    />
  );
}
