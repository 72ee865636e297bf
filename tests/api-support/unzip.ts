import { crc32, inflateRawSync } from 'node:zlib';

/**
 * The files of a zip, read as an unzip tool reads them: from the central directory at the end,
 * each file's data inflated (node:zlib) and checked against its CRC-32 and size. Throws on
 * anything a tool would refuse. For tests of the open exports (decision 026).
 */
export function unzip(zip: Buffer): Map<string, Buffer> {
  const endAt = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0) throw new Error('no end of central directory');
  const count = zip.readUInt16LE(endAt + 10);
  let at = zip.readUInt32LE(endAt + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central header ${i}`);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + extraLength + commentLength;

    if (zip.readUInt32LE(offset) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    const localName = zip.readUInt16LE(offset + 26);
    const localExtra = zip.readUInt16LE(offset + 28);
    const start = offset + 30 + localName + localExtra;
    const data = zip.subarray(start, start + compressedSize);
    const content = method === 8 ? inflateRawSync(data) : Buffer.from(data);
    if (content.length !== size)
      throw new Error(`${name}: ${content.length} bytes, ${size} stated`);
    if (crc32(content) !== crc) throw new Error(`${name}: CRC-32 does not match`);
    files.set(name, content);
  }
  return files;
}
