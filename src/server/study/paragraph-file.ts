// The committed paragraphs of the KJV (decision 023, Context): the verse numbers
// (shared/bible/verse-index.ts) where the SWORD module starts a paragraph inside a chapter, in
// Bible order, each a little-endian uint16. A chapter's first verse always starts one and is not
// stored.

/** The file's bytes from the verse numbers, which must rise. */
export function encodeParagraphs(starts: readonly number[]): Buffer {
  const buffer = Buffer.alloc(starts.length * 2);
  starts.forEach((start, index) => buffer.writeUInt16LE(start, index * 2));
  return buffer;
}

/** The verse numbers from the file's bytes; throws on a file of another size or order. */
export function decodeParagraphs(buffer: Uint8Array, verseTotal: number): Uint16Array {
  if (buffer.length % 2 !== 0) throw new Error('Not a paragraph file: odd length.');
  const starts = new Uint16Array(buffer.length / 2);
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  for (let index = 0; index < starts.length; index += 1) {
    const start = view.getUint16(index * 2, true);
    if (start >= verseTotal || (index > 0 && start <= (starts[index - 1] ?? 0))) {
      throw new Error('Not a paragraph file: verses out of order.');
    }
    starts[index] = start;
  }
  return starts;
}
