/** The reader's five text sizes in rem (the third is the default), kept on this device. */
export const textSizes = [1, 1.125, 1.25, 1.4, 1.6] as const;
export const defaultTextSize = 2;
export const textSizeStorageKey = 'grounded.reader.textSize';

export function clampTextSize(value: number): number {
  if (!Number.isInteger(value)) return defaultTextSize;
  return Math.min(textSizes.length - 1, Math.max(0, value));
}

/** Reads the stored step; anything missing or odd gives the default. */
export function parseStoredTextSize(stored: string | null): number {
  if (stored === null || stored.trim() === '') return defaultTextSize;
  return clampTextSize(Number(stored));
}
