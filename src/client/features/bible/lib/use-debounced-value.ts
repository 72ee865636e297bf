import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delayMs` (product §9: search waits 500 ms). */
export function useDebouncedValue<T>(value: T, delayMs: number): [T, (value: T) => void] {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  // The setter lets a caller skip the wait (Enter in the search box).
  return [debounced, setDebounced];
}
