import { ToggleGroup } from 'radix-ui';
import { weekdays, type Weekday } from '../../../../shared/schemas/settings.ts';

const names: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

type WeekdayPickerProps = {
  labelId: string;
  value: Weekday[];
  onChange: (days: Weekday[]) => void;
  disabled: boolean;
  invalid: boolean;
  describedBy: string | undefined;
};

/** Seven toggle buttons (aria-pressed), Monday first; short names shown, full names announced. */
export function WeekdayPicker({
  labelId,
  value,
  onChange,
  disabled,
  invalid,
  describedBy,
}: WeekdayPickerProps) {
  return (
    <ToggleGroup.Root
      type="multiple"
      // A plain group of form toggles: each day is its own Tab stop, not an arrow-key toolbar.
      role="group"
      rovingFocus={false}
      value={value}
      onValueChange={(days) => onChange(weekdays.filter((day) => days.includes(day)))}
      disabled={disabled}
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      data-invalid={invalid ? '' : undefined}
      className="grid grid-cols-7 gap-1.5 sm:flex sm:gap-2"
    >
      {weekdays.map((day) => (
        <ToggleGroup.Item
          key={day}
          value={day}
          aria-label={names[day]}
          className={[
            'flex h-10 min-w-0 cursor-pointer items-center justify-center rounded-full border text-sm font-medium transition-colors sm:w-12',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            'disabled:cursor-not-allowed disabled:opacity-50',
            'data-[state=off]:bg-card data-[state=off]:text-foreground data-[state=off]:hover:bg-muted',
            'data-[state=on]:border-primary data-[state=on]:bg-primary data-[state=on]:text-primary-foreground',
            invalid ? 'data-[state=off]:border-destructive' : 'data-[state=off]:border-border',
          ].join(' ')}
        >
          {names[day].slice(0, 3)}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
