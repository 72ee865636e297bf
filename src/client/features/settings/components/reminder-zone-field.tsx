import { LocateFixed } from 'lucide-react';
import { useId } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { FieldError } from './card-states.tsx';
import { TimeZoneSelect } from './time-zone-select.tsx';

type ReminderZoneFieldProps = {
  value: string;
  onChange: (zone: string) => void;
  error: string | undefined;
  disabled: boolean;
  storedZone: string;
  browserZone: string | null;
  /** The device's zone, offered while the saved one is still the new account's UTC. */
  suggestedZone: string | null;
};

/** The zone journal reminders are sent in, with the device's zone offered when it differs. */
export function ReminderZoneField({
  value,
  onChange,
  error,
  disabled,
  storedZone,
  browserZone,
  suggestedZone,
}: ReminderZoneFieldProps) {
  const id = useId();
  const ids = { zone: `${id}-zone`, zoneError: `${id}-zone-error` };
  return (
    <div className="min-w-0 space-y-2">
      <Label htmlFor={ids.zone}>Time zone</Label>
      <TimeZoneSelect
        id={ids.zone}
        value={value}
        onChange={onChange}
        storedZone={storedZone}
        browserZone={browserZone}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.zoneError : undefined}
      />
      <FieldError id={ids.zoneError} message={error} />
      {suggestedZone && value !== suggestedZone ? (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto px-0 py-1 whitespace-normal"
          disabled={disabled}
          onClick={() => onChange(suggestedZone)}
        >
          <LocateFixed aria-hidden="true" />
          Use my time zone ({suggestedZone})
        </Button>
      ) : null}
    </div>
  );
}
