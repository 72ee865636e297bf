/**
 * The spec's file storage (§7, bucket user-content) and the profile picture (docs/product.md): the
 * limits both sides enforce and the messages a screen shows. No zod here (decision 014):
 * Settings reads it on its first load.
 */

/** The one bucket the spec names: each person's folder, `{user_id}/…`. */
export const userContentBucket = 'user-content';

/**
 * Profile pictures, each under a random name that says nothing of whose it is (decision 018):
 * written only by the profile picture's own routes, never the storage API's.
 */
export const picturesBucket = 'pictures';

export const fileLimits = {
  /** An upload's bytes, before it is decoded. */
  maxUploadBytes: 5 * 1024 * 1024,
  /** Decoded width × height: past it, a picture is refused before it is decoded (bombs). */
  maxInputPixels: 50_000_000,
  /**
   * The longest side, and how many times longer than the shorter it may be: under the pixel
   * cap, a 1 × 50,000,000 PNG of 97 KB still took 3–11 s to decode. A panorama fits.
   */
  maxSide: 12_000,
  maxAspectRatio: 10,
  /** Past this, a picture's decoding is stopped and it is refused (a phone photo takes 0.2 s). */
  decodeSeconds: 10,
  /** The spec's list default, and the most one list answers. */
  listLimit: 100,
  /** Files one person may keep in user-content (the profile picture is kept apart). */
  filesPerPerson: 20,
  /** The longest side of a file stored through the storage API (no upscaling). */
  storedMaxSide: 1024,
  /** The profile picture's two sizes, square WebP. */
  pictureSizes: [512, 64] as const,
  /** A path: up to 5 segments of letters, digits, '.', '_' and '-', 300 characters in all. */
  maxPathLength: 300,
  maxPathSegments: 5,
  /** The spec's cache control for a public file, in seconds. */
  cacheSeconds: 3600,
} as const;

/** What the file picker offers; what is accepted is decided by the bytes, never the name. */
export const acceptedPictureTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
  'image/avif',
] as const;

export const fileMessages = {
  tooLarge: 'That picture is too large. Choose one up to 5 MB.',
  tooManyPixels: 'That picture has too many pixels. Choose one of at most 50 megapixels.',
  tooLong: 'That picture is too wide or too tall. Choose one of at most 12,000 pixels a side.',
  tooThin: 'That picture is too long and thin. Choose one at most 10 times as long as it is wide.',
  tooSlow: 'That picture took too long to read. Choose a smaller one.',
  busy: 'Many pictures are being saved right now. Please try again in a few seconds.',
  unsupported:
    "That file isn't a picture we can use. Choose a JPEG, PNG, WebP, HEIC or AVIF image.",
  unreadable: 'That picture could not be read. Choose another one.',
  exists: 'A file already exists at this path.',
  notYours: 'You can only change files in your own folder.',
  badPath: 'That file path is not allowed.',
  notFound: 'That file was not found.',
  tooMany: `You can keep up to 20 files. Remove one first.`,
  rateLimited: 'Too many uploads. Please wait a minute and try again.',
  badCrop: 'That crop is not inside the picture.',
} as const;

/** The spec's error prefixes for failed storage writes (§8). */
export const fileErrorTitles = {
  upload: 'Error uploading file',
  remove: 'Error deleting file',
} as const;

/** Where a stored file is served to everyone: `/files/{bucket}/{path}`. */
export const publicFilePrefix = '/files/';

export function publicFileUrl(bucket: string, path: string): string {
  return `${publicFilePrefix}${bucket}/${path}`;
}
