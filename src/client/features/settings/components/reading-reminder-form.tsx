import { useId, useRef } from 'react';
import type { HabitReminder } from '../../../../shared/schemas/habits.ts';
import { useReadingReminderForm } from '../lib/use-reading-reminder-form.ts';
import { ReminderDaysField, ReminderSaveBar, ReminderTimeField } from './reminder-fields.tsx';
import { SettingSwitch } from './setting-switch.tsx';

type ReadingReminderFormProps = {
  saved: HabitReminder;
  /** The zone reminders are sent in (the notification settings'), once known. */
  timeZone: string | undefined;
};

/** The daily reading reminder: on or off, its days and its time. */
export function ReadingReminderForm({ saved, timeZone }: ReadingReminderFormProps) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useReadingReminderForm(saved, formRef);
  const { values, errors, change } = form;
  const isOff = !values.enabled;
  const timeHintId = timeZone ? `${id}-time-hint` : undefined;

  return (
    <form ref={formRef} onSubmit={(event) => void form.onSubmit(event)} noValidate>
      <div className="space-y-6">
        <SettingSwitch
          id={`${id}-enabled`}
          label="Reading reminders"
          description="A reminder of the day's readings from the plans you follow, once a day."
          checked={values.enabled}
          onCheckedChange={(checked) => change('enabled', checked)}
        />
        <div className="space-y-6 rounded-xl border border-border bg-background/60 p-4 sm:p-5">
          {isOff ? (
            <p className="text-sm text-muted-foreground">
              Turn on the reading reminder to choose when it arrives.
            </p>
          ) : null}
          <ReminderDaysField
            label="Reading days"
            value={values.days}
            onChange={(days) => change('days', days)}
            disabled={isOff}
            error={errors.days}
          />
          <ReminderTimeField
            className="space-y-2 sm:max-w-[10rem]"
            label="Reading reminder time"
            value={values.time}
            onChange={(time) => change('time', time)}
            disabled={isOff}
            error={errors.time}
            hintId={timeHintId}
          />
          {timeZone ? (
            <p id={timeHintId} className="text-sm text-muted-foreground">
              In your notification time zone, {timeZone.replaceAll('_', ' ')}.
            </p>
          ) : null}
        </div>
      </div>
      <ReminderSaveBar
        label="Save reading reminder"
        formError={errors.form}
        isChanged={form.isChanged}
        isSaving={form.isSaving}
      />
    </form>
  );
}
