import { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { createDeflateRaw, crc32 } from 'node:zlib';

/**
 * A zip written as it is read (decision 026), with yazl's interface so that the library can take
 * its place by changing the import: `new ZipFile()`, `addReadStream(stream, name, { mtime })` for
 * each file, `end()`, and `outputStream` piped to the answer. No zip library is installed yet;
 * this writes the plain subset the export needs with node:zlib alone.
 *
 * Each file is deflated as its stream is read, and its CRC-32 and sizes follow it in a data
 * descriptor (general purpose bit 3), so nothing of a file is held once written; the central
 * directory (a few dozen bytes a file) is written at the end. Names are UTF-8 (bit 11). No ZIP64:
 * a file or the archive past 4 GiB fails the stream rather than write a broken archive.
 */
export type ZipEntryOptions = { mtime?: Date; compress?: boolean };

type Entry = { stream: Readable; name: string; mtime: Date; compress: boolean };

const maxSize = 0xffffffff;
const utf8Names = 1 << 11;
const dataDescriptorFollows = 1 << 3;
const versionNeeded = 20;

/** MS-DOS time and date, as zip headers store them (to two seconds, UTC here). */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.max(1980, date.getUTCFullYear());
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

function localHeader(name: Buffer, method: number, when: { time: number; date: number }): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(versionNeeded, 4);
  header.writeUInt16LE(utf8Names | dataDescriptorFollows, 6);
  header.writeUInt16LE(method, 8);
  header.writeUInt16LE(when.time, 10);
  header.writeUInt16LE(when.date, 12);
  // CRC-32 and sizes are zero here: the data descriptor after the data holds them.
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

type Written = {
  name: Buffer;
  method: number;
  when: { time: number; date: number };
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
};

function dataDescriptor({ crc, compressedSize, size }: Written): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(crc, 4);
  descriptor.writeUInt32LE(compressedSize, 8);
  descriptor.writeUInt32LE(size, 12);
  return descriptor;
}

function centralHeader(file: Written): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE((3 << 8) | versionNeeded, 4); // made by: Unix
  header.writeUInt16LE(versionNeeded, 6);
  header.writeUInt16LE(utf8Names | dataDescriptorFollows, 8);
  header.writeUInt16LE(file.method, 10);
  header.writeUInt16LE(file.when.time, 12);
  header.writeUInt16LE(file.when.date, 14);
  header.writeUInt32LE(file.crc, 16);
  header.writeUInt32LE(file.compressedSize, 20);
  header.writeUInt32LE(file.size, 24);
  header.writeUInt16LE(file.name.length, 28);
  header.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
  header.writeUInt32LE(file.offset, 42);
  return Buffer.concat([header, file.name]);
}

function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

function tooBig(): Error {
  return new Error('A file of the zip is larger than 4 GiB, which needs ZIP64.');
}

export class ZipFile {
  /** The archive's bytes, produced as they are read (each file's stream is read in turn). */
  readonly outputStream: Readable;
  readonly #entries: Entry[] = [];
  #isEnded = false;
  #wake: (() => void) | null = null;

  constructor() {
    this.outputStream = Readable.from(this.#write(), { objectMode: false });
  }

  addReadStream(stream: Readable, name: string, options: ZipEntryOptions = {}): void {
    if (this.#isEnded) throw new Error('addReadStream() after end()');
    this.#entries.push({
      stream,
      name,
      mtime: options.mtime ?? new Date(),
      compress: options.compress ?? true,
    });
    this.#wake?.();
  }

  end(): void {
    this.#isEnded = true;
    this.#wake?.();
  }

  async *#write(): AsyncGenerator<Buffer> {
    const written: Written[] = [];
    let offset = 0;
    for (let index = 0; ; index += 1) {
      while (index >= this.#entries.length && !this.#isEnded) {
        await new Promise<void>((resolve) => (this.#wake = resolve));
        this.#wake = null;
      }
      const entry = this.#entries[index];
      if (!entry) break;
      const file: Written = {
        name: Buffer.from(entry.name, 'utf8'),
        method: entry.compress ? 8 : 0,
        when: dosDateTime(entry.mtime),
        crc: 0,
        compressedSize: 0,
        size: 0,
        offset,
      };
      const header = localHeader(file.name, file.method, file.when);
      yield header;
      offset += header.length;
      // The file's bytes as read, counted and summed on their way into the deflater.
      const counted = Readable.from(
        (async function* () {
          for await (const chunk of entry.stream) {
            const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk), 'utf8');
            file.crc = crc32(bytes, file.crc);
            file.size += bytes.length;
            if (file.size > maxSize) throw tooBig();
            yield bytes;
          }
        })(),
        { objectMode: false },
      );
      let output: Readable = counted;
      if (entry.compress) {
        const deflate = createDeflateRaw();
        // pipeline destroys the deflater with the source's error, so the loop below throws it.
        pipeline(counted, deflate, () => {});
        output = deflate;
      }
      for await (const chunk of output) {
        const bytes = chunk as Buffer;
        file.compressedSize += bytes.length;
        yield bytes;
      }
      if (file.compressedSize > maxSize) throw tooBig();
      const descriptor = dataDescriptor(file);
      yield descriptor;
      offset += file.compressedSize + descriptor.length;
      if (offset > maxSize) throw tooBig();
      written.push(file);
    }
    let size = 0;
    for (const file of written) {
      const header = centralHeader(file);
      size += header.length;
      yield header;
    }
    yield endOfCentralDirectory(written.length, size, offset);
  }
}
