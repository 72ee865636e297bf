import { Switch } from 'radix-ui';
import { Label } from '../../../components/ui/label.tsx';

type SettingSwitchProps = {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
};

/** A labelled on/off row: the label and its explanation on the left, the switch on the right. */
export function SettingSwitch({
  id,
  label,
  description,
  checked,
  onCheckedChange,
  disabled = false,
}: SettingSwitchProps) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0 space-y-1">
        <Label htmlFor={id} className="cursor-pointer leading-snug">
          {label}
        </Label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={`${id}-description`}
        className="relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full p-0.5 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=checked]:bg-primary data-[state=unchecked]:bg-muted-foreground/70 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <Switch.Thumb className="block size-6 rounded-full bg-card shadow-sm transition-transform data-[state=checked]:translate-x-5" />
      </Switch.Root>
    </div>
  );
}
