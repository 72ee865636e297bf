import { useId, type FormEvent, type ReactNode, type RefObject } from 'react';
import type { Weekday } from '#shared/rules/settings.ts';
import { ReminderDaysField, ReminderSaveBar, ReminderTimeField } from './reminder-fields.tsx';
import { SettingSwitch } from './setting-switch.tsx';

type Field<Value> = {
  label: string;
  value: Value;
  onChange: (value: Value) => void;
  error: string | undefined;
};

export type ReminderFormProps = {
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** Settings shown above the reminder, in a section of their own (the daily verse). */
  above?: ReactNode;
  /** The reminder's on/off switch; off, its days and time cannot be chosen. */
  toggle: {
    label: string;
    description: string;
    checked: boolean;
    onCheckedChange: (checked: boolean) => void;
  };
  /** Said while the reminder is off, above the fields it disables. */
  offMessage: string;
  days: Field<Weekday[]>;
  /** `hint` is a line under the time that says in which zone it is. */
  time: Field<string> & { hint?: string | undefined };
  /** Beside the time (the time zone field); given the reminder's off state. */
  besideTime?: (isOff: boolean) => ReactNode;
  /** Under the fields (when the next reminder comes). */
  footer?: ReactNode;
  save: { label: string; formError: string | undefined; isChanged: boolean; isSaving: boolean };
};

/**
 * A reminder's form, the same for every reminder (the journal reminders in Notifications, the
 * daily reading reminder): its switch, then when it comes (days and time, disabled while it is
 * off), then the message of a refused save and the Save button.
 */
export function ReminderForm({
  formRef,
  onSubmit,
  above,
  toggle,
  offMessage,
  days,
  time,
  besideTime,
  footer,
  save,
}: ReminderFormProps) {
  const id = useId();
  const isOff = !toggle.checked;
  const timeHintId = time.hint ? `${id}-time-hint` : undefined;
  const timeField = (
    <ReminderTimeField
      {...(besideTime ? {} : { className: 'space-y-2 sm:max-w-[10rem]' })}
      label={time.label}
      value={time.value}
      onChange={time.onChange}
      disabled={isOff}
      error={time.error}
      hintId={timeHintId}
    />
  );
  const reminder = (
    <>
      <SettingSwitch id={`${id}-reminder`} {...toggle} />
      <div className="space-y-6 rounded-xl border border-border bg-background/60 p-4 sm:p-5">
        {isOff ? <p className="text-sm text-muted-foreground">{offMessage}</p> : null}
        <ReminderDaysField
          label={days.label}
          value={days.value}
          onChange={days.onChange}
          disabled={isOff}
          error={days.error}
        />
        {besideTime ? (
          <div className="grid gap-6 sm:grid-cols-[10rem_1fr]">
            {timeField}
            {besideTime(isOff)}
          </div>
        ) : (
          timeField
        )}
        {time.hint ? (
          <p id={timeHintId} className="text-sm text-muted-foreground">
            {time.hint}
          </p>
        ) : null}
        {footer}
      </div>
    </>
  );

  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate>
      {above ? (
        <div className="divide-y divide-border">
          <div className="pb-6">{above}</div>
          <div className="space-y-6 py-6">{reminder}</div>
        </div>
      ) : (
        <div className="space-y-6">{reminder}</div>
      )}
      <ReminderSaveBar {...save} />
    </form>
  );
}
