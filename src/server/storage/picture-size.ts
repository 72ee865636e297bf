import { fileLimits } from '#shared/rules/files.ts';

/**
 * Why a picture of this size is refused, before a pixel of it is decoded; null when it may be.
 * Read from the header on the main thread, and again by the HEIC worker from the image it is
 * about to decode (it may not be the one the header named first). Each name is a message in
 * fileMessages.
 */
export type SizeRefusal = 'tooManyPixels' | 'tooLong' | 'tooThin';

export function sizeRefusal(width: number, height: number): SizeRefusal | null {
  const longer = Math.max(width, height);
  const shorter = Math.min(width, height);
  if (width * height > fileLimits.maxInputPixels) return 'tooManyPixels';
  if (longer > fileLimits.maxSide) return 'tooLong';
  if (longer > shorter * fileLimits.maxAspectRatio) return 'tooThin';
  return null;
}
