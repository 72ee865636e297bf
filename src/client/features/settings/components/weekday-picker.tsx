import { weekdays, type Weekday } from '#shared/rules/settings.ts';

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

/**
 * Seven toggle buttons (aria-pressed), Monday first, that wrap on a phone. Full names, never
 * 'Mon': what is shown is what speech input says and what a screen reader hears (WCAG 2.5.3).
 */
export function WeekdayPicker({
  labelId,
  value,
  onChange,
  disabled,
  invalid,
  describedBy,
}: WeekdayPickerProps) {
  return (
    // A plain group of form toggles: each day is its own Tab stop, not an arrow-key toolbar.
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      data-invalid={invalid ? '' : undefined}
      className="flex flex-wrap gap-2"
    >
      {weekdays.map((day) => {
        const isOn = value.includes(day);
        return (
          <button
            key={day}
            type="button"
            aria-pressed={isOn}
            data-state={isOn ? 'on' : 'off'}
            disabled={disabled}
            onClick={() =>
              onChange(weekdays.filter((each) => (each === day ? !isOn : value.includes(each))))
            }
            className={[
              'flex h-10 cursor-pointer items-center justify-center rounded-full border px-4 text-sm font-medium transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              'disabled:cursor-not-allowed disabled:opacity-50',
              'data-[state=off]:bg-card data-[state=off]:text-foreground data-[state=off]:hover:bg-muted',
              'data-[state=on]:border-primary data-[state=on]:bg-primary data-[state=on]:text-primary-foreground',
              invalid ? 'data-[state=off]:border-destructive' : 'data-[state=off]:border-border',
            ].join(' ')}
          >
            {names[day]}
          </button>
        );
      })}
    </div>
  );
}
