import { startOfDay } from 'date-fns';
import { useEffect, useState } from 'react';
import { msUntilNextDay } from './daily-verse.ts';

/**
 * The visitor's local date (at midnight). It moves on at local midnight while the page is
 * open, and is checked again when the tab becomes visible (a timer can sleep with the device).
 */
export function useToday(): Date {
  const [today, setToday] = useState(() => startOfDay(new Date()));

  useEffect(() => {
    function check() {
      const now = startOfDay(new Date());
      setToday((current) => (current.getTime() === now.getTime() ? current : now));
    }
    function onVisibilityChange() {
      if (document.visibilityState === 'visible') check();
    }
    // A second past midnight, so the new day has certainly begun.
    const timer = window.setTimeout(check, msUntilNextDay(new Date()) + 1000);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [today]);

  return today;
}
