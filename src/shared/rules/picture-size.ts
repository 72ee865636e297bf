/*
 * Which file of a profile picture to draw (decision 017), apart from shared/rules/files.ts so that
 * the header and the testimony wall carry this and nothing else of the storage rules.
 */

/** A profile picture's 512 px file, under its random name in the pictures bucket. */
const ownLargePicture = /^\/files\/pictures\/[A-Za-z0-9_-]+-512\.webp$/;

/**
 * The file of a profile picture drawn `cssPixels` wide: our own pictures have a 64 px file
 * beside the 512 px one the profile names (sharp at twice the size up to 32 CSS pixels); any
 * other address (a Google picture) as it is.
 */
export function profilePictureAt(url: string, cssPixels: number): string {
  return cssPixels <= 32 && ownLargePicture.test(url)
    ? url.replace(/-512\.webp$/, '-64.webp')
    : url;
}
