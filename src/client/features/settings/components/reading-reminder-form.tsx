import { useId, useRef } from 'react';
import type { HabitReminder } from '../../../../shared/schemas/habits.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useReadingReminderForm } from '../lib/use-reading-reminder-form.ts';
import { FieldError } from './card-states.tsx';
import { SettingSwitch } from './setting-switch.tsx';
import { WeekdayPicker } from './weekday-picker.tsx';

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
  const ids = {
    switch: `${id}-enabled`,
    daysLabel: `${id}-days-label`,
    daysError: `${id}-days-error`,
    time: `${id}-time`,
    timeError: `${id}-time-error`,
    timeHint: `${id}-time-hint`,
  };

  return (
    <form ref={formRef} onSubmit={(event) => void form.onSubmit(event)} noValidate>
      <div className="space-y-6">
        <SettingSwitch
          id={ids.switch}
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
          <div className="space-y-2.5">
            <p id={ids.daysLabel} className="text-sm font-medium">
              Reading days
            </p>
            <WeekdayPicker
              labelId={ids.daysLabel}
              value={values.days}
              onChange={(days) => change('days', days)}
              disabled={isOff}
              invalid={!!errors.days}
              describedBy={errors.days ? ids.daysError : undefined}
            />
            <FieldError id={ids.daysError} message={errors.days} />
          </div>
          <div className="space-y-2 sm:max-w-[10rem]">
            <Label htmlFor={ids.time}>Reading reminder time</Label>
            <Input
              id={ids.time}
              type="time"
              step={60}
              value={values.time}
              onChange={(event) => change('time', event.target.value)}
              disabled={isOff}
              aria-invalid={errors.time ? true : undefined}
              aria-describedby={
                [errors.time ? ids.timeError : '', timeZone ? ids.timeHint : '']
                  .filter(Boolean)
                  .join(' ') || undefined
              }
            />
            <FieldError id={ids.timeError} message={errors.time} />
          </div>
          {timeZone ? (
            <p id={ids.timeHint} className="text-sm text-muted-foreground">
              In your notification time zone, {timeZone.replaceAll('_', ' ')}.
            </p>
          ) : null}
        </div>
      </div>
      <div className="mt-6 flex flex-col gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-end">
        {errors.form ? (
          <div className="sm:mr-auto">
            <FieldError id={`${id}-form-error`} message={errors.form} />
          </div>
        ) : null}
        <Button
          type="submit"
          disabled={!form.isChanged}
          isBusy={form.isSaving}
          className="w-full sm:w-auto"
        >
          Save reading reminder
        </Button>
      </div>
    </form>
  );
}
