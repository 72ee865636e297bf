import { useCallback, useSyncExternalStore } from 'react';
import { storedChoice } from '#client/lib/stored-choice.ts';
import {
  clampTextSize,
  defaultTextSize,
  parseStoredTextSize,
  textSizeStorageKey,
  textSizes,
} from './text-size.ts';

const stored = storedChoice(textSizeStorageKey, parseStoredTextSize);

/**
 * The reader's text size step, remembered on this device. A page rendered in advance has the
 * default size; hydration then applies the stored one.
 */
export function useTextSize() {
  const step = useSyncExternalStore(stored.subscribe, stored.read, () => defaultTextSize);
  const change = useCallback(
    (delta: number) => stored.write(clampTextSize(stored.read() + delta)),
    [],
  );
  return {
    step,
    rem: textSizes[step] ?? 1.25,
    canDecrease: step > 0,
    canIncrease: step < textSizes.length - 1,
    decrease: () => change(-1),
    increase: () => change(1),
  };
}
