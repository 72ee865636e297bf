import { CalendarClock, LocateFixed } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import type { NotificationValues } from '../lib/settings-values.ts';
import type { NotificationErrors } from '../lib/use-notifications-form.ts';
import { FieldError } from './card-states.tsx';
import { ReminderDaysField, ReminderTimeField } from './reminder-fields.tsx';
import { TimeZoneSelect } from './time-zone-select.tsx';

type ReminderScheduleProps = {
  values: NotificationValues;
  errors: NotificationErrors;
  onChange: <Field extends keyof NotificationValues>(
    field: Field,
    value: NotificationValues[Field],
  ) => void;
  storedZone: string;
  browserZone: string | null;
  /** The device's zone, offered while the saved one is still the new account's UTC. */
  suggestedZone: string | null;
  /** When the saved settings send the next reminder ('Tomorrow, 7:30 AM'), if any. */
  nextReminder: string | null;
};

/** When journal reminders arrive: the days, the time and its zone; disabled while they are off. */
export function ReminderSchedule({
  values,
  errors,
  onChange,
  storedZone,
  browserZone,
  suggestedZone,
  nextReminder,
}: ReminderScheduleProps) {
  const id = useId();
  const ids = {
    zone: `${id}-zone`,
    zoneError: `${id}-zone-error`,
  };
  const areRemindersOff = !values.journal_reminders;

  return (
    <div className="space-y-6 rounded-xl border border-border bg-background/60 p-4 sm:p-5">
      {areRemindersOff ? (
        <p className="text-sm text-muted-foreground">
          Turn on journal reminders to choose when they arrive.
        </p>
      ) : null}
      <ReminderDaysField
        label="Reminder days"
        value={values.reminder_days}
        onChange={(days) => onChange('reminder_days', days)}
        disabled={areRemindersOff}
        error={errors.reminder_days}
      />
      <div className="grid gap-6 sm:grid-cols-[10rem_1fr]">
        <ReminderTimeField
          label="Reminder time"
          value={values.reminder_time}
          onChange={(time) => onChange('reminder_time', time)}
          disabled={areRemindersOff}
          error={errors.reminder_time}
        />
        <div className="min-w-0 space-y-2">
          <Label htmlFor={ids.zone}>Time zone</Label>
          <TimeZoneSelect
            id={ids.zone}
            value={values.reminder_timezone}
            onChange={(zone) => onChange('reminder_timezone', zone)}
            storedZone={storedZone}
            browserZone={browserZone}
            disabled={areRemindersOff}
            aria-invalid={errors.reminder_timezone ? true : undefined}
            aria-describedby={errors.reminder_timezone ? ids.zoneError : undefined}
          />
          <FieldError id={ids.zoneError} message={errors.reminder_timezone} />
          {suggestedZone && values.reminder_timezone !== suggestedZone ? (
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto px-0 py-1 whitespace-normal"
              disabled={areRemindersOff}
              onClick={() => onChange('reminder_timezone', suggestedZone)}
            >
              <LocateFixed aria-hidden="true" />
              Use my time zone ({suggestedZone})
            </Button>
          ) : null}
        </div>
      </div>
      {nextReminder ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarClock className="size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>
            Next reminder: <span className="font-medium text-foreground">{nextReminder}</span>
          </span>
        </p>
      ) : null}
    </div>
  );
}
