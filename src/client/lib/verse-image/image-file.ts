// The image's size and file name, without the drawing code: a screen needs them on its first
// load, the renderer (render-verse-image.ts) only once an image is drawn.

/** product §9: 800×800 on desktop; 600×600 with type at 0.9 on phones (below 768 px). */
export function imageSizeFor(viewportWidth: number): { size: number; scale: number } {
  return viewportWidth < 768 ? { size: 600, scale: 0.9 } : { size: 800, scale: 1 };
}

/** product §9 file name: 'John 3:16' → 'grounded-verse-John-3-16.png'. */
export function verseImageFileName(reference: string): string {
  const slug = reference.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return `grounded-verse-${slug}.png`;
}
