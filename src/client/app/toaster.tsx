import { Toaster } from 'sonner';
import { useTheme } from './theme.tsx';

/** spec §9: one toast visible at a time, 4000 ms by default (destructive ones set 6000 ms). */
export function AppToaster() {
  const { resolved } = useTheme();
  return (
    <Toaster
      theme={resolved}
      visibleToasts={1}
      duration={4000}
      position="bottom-right"
      richColors
      closeButton
    />
  );
}
