import { useCallback, useSyncExternalStore } from 'react';
import {
  clampTextSize,
  defaultTextSize,
  parseStoredTextSize,
  textSizeStorageKey,
  textSizes,
} from './text-size.ts';

/** This tab's size when storage is blocked (private mode, policies): applied, not remembered. */
let unstoredStep: number | null = null;
const listeners = new Set<() => void>();

function readStep(): number {
  if (unstoredStep !== null) return unstoredStep;
  try {
    return parseStoredTextSize(localStorage.getItem(textSizeStorageKey));
  } catch {
    return defaultTextSize;
  }
}

function writeStep(step: number): void {
  try {
    localStorage.setItem(textSizeStorageKey, String(step));
  } catch {
    unstoredStep = step;
  }
  for (const listener of listeners) listener();
}

/** Changes here, and in other tabs (the storage event). */
function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

/**
 * The reader's text size step, remembered on this device. A page rendered in advance has the
 * default size; hydration then applies the stored one.
 */
export function useTextSize() {
  const step = useSyncExternalStore(subscribe, readStep, () => defaultTextSize);
  const change = useCallback((delta: number) => writeStep(clampTextSize(readStep() + delta)), []);
  return {
    step,
    rem: textSizes[step] ?? 1.25,
    canDecrease: step > 0,
    canIncrease: step < textSizes.length - 1,
    decrease: () => change(-1),
    increase: () => change(1),
  };
}
