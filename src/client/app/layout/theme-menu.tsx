import { Moon, Sun } from 'lucide-react';
import { useTheme } from '#client/lib/theme.tsx';
import { HeaderMenu } from './header-menu.tsx';

export function ThemeMenu() {
  const { choice, setChoice } = useTheme();
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
      items={({ ThemeMenuItems }) => <ThemeMenuItems choice={choice} onChoose={setChoice} />}
    />
  );
}
