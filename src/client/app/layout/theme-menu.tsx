import { Monitor, Moon, Sun } from 'lucide-react';
import { useId } from 'react';
import { useTheme, type ThemeChoice } from '../theme.tsx';
import { HeaderMenu, headerMenuItemClass } from './header-menu.tsx';

const options: { value: ThemeChoice; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'Auto', icon: Monitor },
];

export function ThemeMenu() {
  const { choice, setChoice } = useTheme();
  const labelId = useId();
  return (
    <HeaderMenu
      // The page's theme class picks the icon, not React: a prerendered page (drawn before the
      // stored theme is known to React) then shows the right one from the first paint.
      trigger={
        <>
          <Sun aria-hidden="true" className="dark:hidden" />
          <Moon aria-hidden="true" className="hidden dark:block" />
        </>
      }
      triggerLabel="Theme"
      triggerSize="icon"
      align="end"
      className="min-w-40"
    >
      <div
        id={labelId}
        className="px-3 py-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
      >
        Theme
      </div>
      <div role="group" aria-labelledby={labelId}>
        {options.map(({ value, label, icon: OptionIcon }) => (
          <button
            key={value}
            type="button"
            role="menuitemradio"
            aria-checked={choice === value}
            tabIndex={-1}
            onClick={() => setChoice(value)}
            className={`${headerMenuItemClass} pr-8`}
          >
            <OptionIcon aria-hidden="true" />
            {label}
            {choice === value ? (
              <span
                aria-hidden="true"
                className="absolute right-3 size-2 rounded-full bg-primary"
              />
            ) : null}
          </button>
        ))}
      </div>
    </HeaderMenu>
  );
}
