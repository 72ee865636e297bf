import { useMemo, type ComponentProps } from 'react';
import { timeZoneChoices, timeZoneLabel } from '#client/features/settings/lib/settings-values.ts';
import { cn } from '#client/lib/cn.ts';

type TimeZoneSelectProps = Omit<ComponentProps<'select'>, 'value' | 'onChange' | 'children'> & {
  value: string;
  onChange: (zone: string) => void;
  /** The saved zone and the browser's: offered even when the engine's list spells them otherwise. */
  storedZone: string;
  browserZone: string | null;
};

/** A native select: type-ahead, screen readers and phones all handle ~400 options well. */
export function TimeZoneSelect({
  value,
  onChange,
  storedZone,
  browserZone,
  className,
  ...props
}: TimeZoneSelectProps) {
  const zones = useMemo(
    () => timeZoneChoices([storedZone, browserZone, value]),
    [storedZone, browserZone, value],
  );
  return (
    <select
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={cn(
        'flex h-11 w-full min-w-0 cursor-pointer rounded-xl border border-border bg-card px-3 text-base text-foreground shadow-xs transition-colors sm:text-sm',
        'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none',
        'aria-invalid:border-destructive disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      {zones.map((zone) => (
        <option key={zone} value={zone}>
          {timeZoneLabel(zone)}
        </option>
      ))}
    </select>
  );
}
