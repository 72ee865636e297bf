import { Monitor, Moon, Palette, Sun } from 'lucide-react';
import { useId } from 'react';
import { cn } from '#client/lib/cn.ts';
import { useTheme, type ThemeChoice } from '#client/lib/theme.tsx';
import { SettingsCard } from './settings-card.tsx';

const options: { value: ThemeChoice; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'Auto', icon: Monitor },
];

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
      {/* The browser's own radios (decision 014: no radio-group script): one Tab stop, the
          arrows change the choice, and the card drawn for each is its label. */}
      <fieldset aria-describedby={`${id}-hint`}>
        <legend className="mb-3 text-sm font-medium">Theme</legend>
        <div className="grid grid-cols-3 gap-2 sm:gap-3">
          {options.map(({ value, label, icon: Icon }) => (
            <label
              key={value}
              className={cn(
                'group relative flex cursor-pointer flex-col items-center gap-2 rounded-xl border border-border bg-card px-2 py-4 text-sm font-medium transition-colors hover:bg-muted',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
                'has-checked:border-primary has-checked:bg-secondary has-checked:text-secondary-foreground',
              )}
            >
              <input
                type="radio"
                name={`${id}-theme`}
                value={value}
                checked={choice === value}
                onChange={() => setChoice(value)}
                className="sr-only"
              />
              <Icon
                className="size-5 text-muted-foreground group-has-checked:text-primary"
                aria-hidden="true"
              />
              {label}
              <span
                aria-hidden="true"
                className="absolute top-2 right-2 hidden size-2 rounded-full bg-primary group-has-checked:block"
              />
            </label>
          ))}
        </div>
      </fieldset>
      <p id={`${id}-hint`} className="mt-3 text-sm text-muted-foreground">
        Auto follows your device&apos;s light or dark setting.
      </p>
    </SettingsCard>
  );
}
