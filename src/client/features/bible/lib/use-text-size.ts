import { useCallback, useState } from 'react';
import { clampTextSize, parseStoredTextSize, textSizeStorageKey, textSizes } from './text-size.ts';

function readStored(): number {
  try {
    return parseStoredTextSize(localStorage.getItem(textSizeStorageKey));
  } catch {
    // Storage can be blocked (private mode, policies); the default size still works.
    return parseStoredTextSize(null);
  }
}

/** The reader's text size step, remembered on this device. */
export function useTextSize() {
  const [step, setStep] = useState(readStored);
  const change = useCallback((delta: number) => {
    setStep((current) => {
      const next = clampTextSize(current + delta);
      try {
        localStorage.setItem(textSizeStorageKey, String(next));
      } catch {
        // Not remembered, but still applied for this visit.
      }
      return next;
    });
  }, []);
  return {
    step,
    rem: textSizes[step] ?? 1.25,
    canDecrease: step > 0,
    canIncrease: step < textSizes.length - 1,
    decrease: () => change(-1),
    increase: () => change(1),
  };
}
