import { useId } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import type { Weekday } from '#shared/rules/settings.ts';
import { FieldError } from './card-states.tsx';
import { WeekdayPicker } from './weekday-picker.tsx';

// The parts the two reminder forms (journal reminders, the daily reading reminder) share.

type FieldProps<Value> = {
  label: string;
  value: Value;
  onChange: (value: Value) => void;
  disabled: boolean;
  error: string | undefined;
};

/** The days a reminder comes on: a group of toggles with its label and message. */
export function ReminderDaysField({
  label,
  value,
  onChange,
  disabled,
  error,
}: FieldProps<Weekday[]>) {
  const id = useId();
  return (
    <div className="space-y-2.5">
      <p id={`${id}-label`} className="text-sm font-medium">
        {label}
      </p>
      <WeekdayPicker
        labelId={`${id}-label`}
        value={value}
        onChange={onChange}
        disabled={disabled}
        invalid={!!error}
        describedBy={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The time a reminder comes at; `hintId` names a line that says in which zone. */
export function ReminderTimeField({
  label,
  value,
  onChange,
  disabled,
  error,
  hintId,
  className,
}: FieldProps<string> & { hintId?: string | undefined; className?: string }) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hintId ?? ''].filter(Boolean).join(' ');
  return (
    <div className={className ?? 'space-y-2'}>
      <Label htmlFor={`${id}-time`}>{label}</Label>
      <Input
        id={`${id}-time`}
        type="time"
        step={60}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A reminder form's foot: the message of a refused save, and its Save button. */
export function ReminderSaveBar({
  label,
  formError,
  isChanged,
  isSaving,
}: {
  label: string;
  formError: string | undefined;
  isChanged: boolean;
  isSaving: boolean;
}) {
  const id = useId();
  return (
    <div className="mt-6 flex flex-col gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-end">
      {formError ? (
        <div className="sm:mr-auto">
          <FieldError id={`${id}-form-error`} message={formError} />
        </div>
      ) : null}
      <Button type="submit" disabled={!isChanged} isBusy={isSaving} className="w-full sm:w-auto">
        {label}
      </Button>
    </div>
  );
}
