import { Monitor, Moon, Palette, Sun } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId } from 'react';
import { useTheme, type ThemeChoice } from '../../../app/theme.tsx';
import { SettingsCard } from './settings-card.tsx';

const options: { value: ThemeChoice; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'Auto', icon: Monitor },
];

function isThemeChoice(value: string): value is ThemeChoice {
  return options.some((option) => option.value === value);
}

/** product §4: the theme applies at once and is stored on this device only (no server call). */
export function AppearanceCard() {
  const id = useId();
  const { choice, setChoice } = useTheme();
  return (
    <SettingsCard
      id="appearance"
      title="Appearance"
      description="Choose how Grounded looks on this device."
      icon={Palette}
    >
      <p id={`${id}-label`} className="mb-3 text-sm font-medium">
        Theme
      </p>
      <RadioGroup.Root
        value={choice}
        onValueChange={(value) => {
          if (isThemeChoice(value)) setChoice(value);
        }}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        className="grid grid-cols-3 gap-2 sm:gap-3"
      >
        {options.map(({ value, label, icon: Icon }) => (
          <RadioGroup.Item
            key={value}
            value={value}
            className="group relative flex cursor-pointer flex-col items-center gap-2 rounded-xl border border-border bg-card px-2 py-4 text-sm font-medium transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=checked]:border-primary data-[state=checked]:bg-secondary data-[state=checked]:text-secondary-foreground"
          >
            <Icon
              className="size-5 text-muted-foreground group-data-[state=checked]:text-primary"
              aria-hidden="true"
            />
            {label}
            <RadioGroup.Indicator className="absolute top-2 right-2 size-2 rounded-full bg-primary" />
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      <p id={`${id}-hint`} className="mt-3 text-sm text-muted-foreground">
        Auto follows your device&apos;s light or dark setting.
      </p>
    </SettingsCard>
  );
}
