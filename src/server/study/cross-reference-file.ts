// The committed cross-reference file (decision 023): OpenBible.info's vote-ranked set, each source
// verse's references best first, in a form read without parsing. Little-endian:
//   8 bytes  'GXREF\0\0\x01'
//   uint32   verses (31,102), uint32 entries
//   uint32   first entry of each verse, verses + 1 of them
//   uint16   each entry's first verse, then uint16 its last verse, then int16 its votes
// A verse is its number in Bible order (shared/bible/verse-index.ts).

export const crossReferenceMagic = Buffer.from('GXREF\u0000\u0000\u0001', 'latin1');

export type CrossReferenceRows = {
  verses: number;
  /** Where each source verse's entries start; offsets[verses] is the entry count. */
  offsets: Uint32Array;
  firsts: Uint16Array;
  lasts: Uint16Array;
  votes: Int16Array;
};

const headerBytes = crossReferenceMagic.length + 8;

export function encodeCrossReferences(rows: CrossReferenceRows): Buffer {
  const entries = rows.firsts.length;
  const offsetsBytes = (rows.verses + 1) * 4;
  const buffer = Buffer.alloc(headerBytes + offsetsBytes + entries * 6);
  crossReferenceMagic.copy(buffer, 0);
  buffer.writeUInt32LE(rows.verses, crossReferenceMagic.length);
  buffer.writeUInt32LE(entries, crossReferenceMagic.length + 4);
  let at = headerBytes;
  for (const offset of rows.offsets) at = buffer.writeUInt32LE(offset, at);
  for (const first of rows.firsts) at = buffer.writeUInt16LE(first, at);
  for (const last of rows.lasts) at = buffer.writeUInt16LE(last, at);
  for (const vote of rows.votes) at = buffer.writeInt16LE(vote, at);
  return buffer;
}

/** Reads the file back; throws on a file of another kind or size. */
export function decodeCrossReferences(buffer: Buffer): CrossReferenceRows {
  if (!buffer.subarray(0, crossReferenceMagic.length).equals(crossReferenceMagic)) {
    throw new Error('Not a cross-reference file.');
  }
  const verses = buffer.readUInt32LE(crossReferenceMagic.length);
  const entries = buffer.readUInt32LE(crossReferenceMagic.length + 4);
  const offsetsBytes = (verses + 1) * 4;
  if (buffer.length !== headerBytes + offsetsBytes + entries * 6) {
    throw new Error('The cross-reference file is cut short or too long.');
  }
  // Copied out, so the arrays are aligned whatever the buffer's own offset.
  const copy = (start: number, bytes: number) =>
    buffer.buffer.slice(buffer.byteOffset + start, buffer.byteOffset + start + bytes);
  let at = headerBytes;
  const offsets = new Uint32Array(copy(at, offsetsBytes));
  at += offsetsBytes;
  const firsts = new Uint16Array(copy(at, entries * 2));
  at += entries * 2;
  const lasts = new Uint16Array(copy(at, entries * 2));
  at += entries * 2;
  const votes = new Int16Array(copy(at, entries * 2));
  return { verses, offsets, firsts, lasts, votes };
}
