/**
 * The spec's file storage (§7, bucket user-content) and the profile picture kept in it
 * (issue 27): the limits both sides enforce and the messages a screen shows. No zod here
 * (decision 014): Settings reads it on its first load.
 */

/** The one bucket the spec names. */
export const userContentBucket = 'user-content';

export const fileLimits = {
  /** An upload's bytes, before it is decoded. */
  maxUploadBytes: 5 * 1024 * 1024,
  /** Decoded width × height: past it, a picture is refused before it is decoded (bombs). */
  maxInputPixels: 50_000_000,
  /** The spec's list default, and the most one list answers. */
  listLimit: 100,
  /** Files one person may keep (the profile picture's two sizes count). */
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
