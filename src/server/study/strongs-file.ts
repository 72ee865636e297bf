// The committed Strong's tagging of the KJV (decision 023): for each verse, one code a word, in
// the order the words stand in the KJV text the app serves (wordsOf). Little-endian:
//   8 bytes  'GSTRNG\0\x01'
//   uint32   verses (31,102), uint32 words
//   uint32   first word of each verse, verses + 1 of them
//   uint16   each word's code: 0 untagged, 1–9999 Hebrew H1–H9999, 10001–19999 Greek G1–G9999;
//            the top bit set where the words are Christ's (red letters)

export const strongsMagic = Buffer.from('GSTRNG\u0000\u0001', 'latin1');
export const christBit = 0x8000;
const greekBase = 10_000;

export type StrongsRows = { verses: number; offsets: Uint32Array; codes: Uint16Array };

/** 'H430' → 430, 'G25' → 10025; 0 for anything else. */
export function strongsCode(number: string): number {
  const match = /^([HG])0*(\d{1,4})$/.exec(number);
  if (!match || Number(match[2]) === 0) return 0;
  return (match[1] === 'G' ? greekBase : 0) + Number(match[2]);
}

/** 430 → 'H430', 10025 → 'G25'; null for an untagged word. */
export function strongsNumber(code: number): string | null {
  const bare = code & ~christBit;
  if (bare === 0) return null;
  return bare > greekBase ? `G${bare - greekBase}` : `H${bare}`;
}

const headerBytes = strongsMagic.length + 8;

export function encodeStrongs(rows: StrongsRows): Buffer {
  const buffer = Buffer.alloc(headerBytes + (rows.verses + 1) * 4 + rows.codes.length * 2);
  strongsMagic.copy(buffer, 0);
  buffer.writeUInt32LE(rows.verses, strongsMagic.length);
  buffer.writeUInt32LE(rows.codes.length, strongsMagic.length + 4);
  let at = headerBytes;
  for (const offset of rows.offsets) at = buffer.writeUInt32LE(offset, at);
  for (const code of rows.codes) at = buffer.writeUInt16LE(code, at);
  return buffer;
}

export function decodeStrongs(buffer: Buffer): StrongsRows {
  if (!buffer.subarray(0, strongsMagic.length).equals(strongsMagic)) {
    throw new Error("Not a Strong's file.");
  }
  const verses = buffer.readUInt32LE(strongsMagic.length);
  const words = buffer.readUInt32LE(strongsMagic.length + 4);
  const offsetsBytes = (verses + 1) * 4;
  if (buffer.length !== headerBytes + offsetsBytes + words * 2) {
    throw new Error("The Strong's file is cut short or too long.");
  }
  const copy = (start: number, bytes: number) =>
    buffer.buffer.slice(buffer.byteOffset + start, buffer.byteOffset + start + bytes);
  return {
    verses,
    offsets: new Uint32Array(copy(headerBytes, offsetsBytes)),
    codes: new Uint16Array(copy(headerBytes + offsetsBytes, words * 2)),
  };
}
