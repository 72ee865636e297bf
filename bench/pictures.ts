// What a profile picture costs the server. Each upload runs through the real intake
// (server/storage/safe-image.ts: type check, header read, decode, the 512 and 64 px WebPs), in
// this process, 5 times, with the event loop's longest stall measured meanwhile: a HEIC is
// decoded on the worker thread, so the loop must stay free. The refusals of a decompression bomb
// (a 20,000 × 20,000 PNG), of a 60-megapixel JPEG header and of pictures with a side over
// 12,000 px show that nothing is decoded first. Then what one person's heavy pictures cost
// another's small one: decoding takes turns per person (the fair queue), so it waits for at most
// the work already running, never for the whole backlog.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';
import { pictureQueue, readPicture, squareFor, squareWebps } from '#server/storage/safe-image.ts';
import { fileLimits } from '#shared/rules/files.ts';
import { median } from './load.ts';

type Say = (line?: string) => void;

export const picturesHeading = '## Profile pictures';

/** A photo-like picture: noise enlarged 8 times, so it is smooth and compresses like a photo. */
async function photo(width: number, height: number): Promise<Buffer> {
  const grain = await sharp({
    create: {
      width: Math.ceil(width / 8),
      height: Math.ceil(height / 8),
      channels: 3,
      background: '#7a9',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return sharp(grain)
    .resize(width, height)
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: 'Bench', Model: 'Phone' } })
    .toBuffer();
}

/** A flat picture of any size in a few hundred KB (the pixel cap, not the byte cap, refuses it). */
function flat(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#eee' } })
    .jpeg()
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A valid PNG of zeros, 1-bit grey or 16-bit RGBA: a 20,000 × 20,000 one is 50 KB on the wire
 * and 400 megapixels decoded.
 */
function zeroPng(width: number, height: number, kind: '1-bit' | '16-bit RGBA' = '1-bit'): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set(kind === '1-bit' ? [1, 0, 0, 0, 0] : [16, 6, 0, 0, 0], 8);
  const rowBytes = kind === '1-bit' ? Math.ceil(width / 8) : width * 8;
  const rows = deflateSync(Buffer.alloc(height * (rowBytes + 1)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** 16,383 × 3,000 of one colour: the longest side a WebP may have, in 38 bytes. */
function wide(): Promise<Buffer> {
  return sharp({ create: { width: 16_383, height: 3_000, channels: 3, background: '#eee' } })
    .webp({ lossless: true, effort: 0 })
    .toBuffer();
}

/** A HEIC made by libheif's heif-enc from a JPEG, when the machine has it. */
function heic(jpeg: Buffer): Buffer | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-heic-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.jpg'), jpeg);
    execFileSync('heif-enc', ['-q', '60', 'in.jpg', '-o', 'in.heic'], {
      cwd: dir,
      stdio: 'ignore',
    });
    return fs.readFileSync(path.join(dir, 'in.heic'));
  } catch {
    return null;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A 300 × 200 JPEG whose frame header says 7,000 × 7,000: its data ends long before. */
async function cutShort(): Promise<Buffer> {
  const jpeg = Buffer.from(await flat(300, 200));
  for (let at = 2; at + 9 <= jpeg.length; at += 2 + jpeg.readUInt16BE(at + 2)) {
    if ((jpeg[at + 1] ?? 0) >= 0xc0 && (jpeg[at + 1] ?? 0) <= 0xc2) {
      jpeg.writeUInt16BE(7_000, at + 5);
      jpeg.writeUInt16BE(7_000, at + 7);
      break;
    }
  }
  return jpeg;
}

/** A file's size as the table shows it: bytes under 10 KB, KB above. */
function size(bytes: Buffer): string {
  return bytes.length < 10 * 1024 ? `${bytes.length} B` : `${(bytes.length / 1024).toFixed(0)} KB`;
}

/** The intake of one upload, as `person`'s. */
async function intake(person: string, bytes: Buffer): Promise<void> {
  const picture = await readPicture(bytes, { person });
  await squareWebps(picture, squareFor(picture, null), fileLimits.pictureSizes);
}

/**
 * One person puts four heavy (allowed) pictures in, then a fifth; meanwhile another sends a small
 * one. How long the small one takes, and what the fifth heavy one is answered.
 */
async function behindHeavy(heavy: Buffer, small: Buffer) {
  const heavyOnes = [1, 2, 3, 4].map(() => intake('heavy', heavy));
  while (pictureQueue.of('heavy').waiting < 2) await new Promise((r) => setTimeout(r, 1));
  const fifth = intake('heavy', heavy).then(
    () => 'stored',
    (error: Error) => `refused: ${error.message}`,
  );
  const started = performance.now();
  await intake('small', small);
  const waited = performance.now() - started;
  const heavyStarted = performance.now();
  await Promise.all(heavyOnes);
  return { waited, rest: performance.now() - heavyStarted, fifth: await fifth };
}

async function timeUpload(bytes: Buffer) {
  const times: number[] = [];
  const stalls: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    // The longest gap between ticks of a 1 ms timer: how long the event loop was held.
    let last = performance.now();
    let longest = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 1);
    const started = performance.now();
    try {
      await intake('bench', bytes);
    } catch (error) {
      times.push(performance.now() - started);
      clearInterval(ticker);
      return { times, stalls: [longest], refused: (error as Error).message };
    } finally {
      clearInterval(ticker);
    }
    times.push(performance.now() - started);
    stalls.push(longest);
  }
  return { times, stalls, refused: null };
}

export async function runPicturesBench(say: Say): Promise<void> {
  say(picturesHeading);
  say();
  say(
    `Command: \`node bench/run.ts pictures\`. Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ` +
      `Node ${process.version}, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}). ` +
      `Date: ${new Date().toISOString().slice(0, 10)}. Each upload goes through the server's intake (checks, ` +
      'decode, 512 and 64 px WebP) 5 times in one process; "longest stall" is the longest gap ' +
      'between ticks of a 1 ms timer meanwhile: how long other requests could wait at worst.',
  );
  say();
  const twelve = await photo(4032, 3024);
  const heavy = zeroPng(7_000, 7_000, '16-bit RGBA');
  const cases: [string, Buffer | null][] = [
    ['12 MP JPEG (4032 × 3024, a phone photo)', twelve],
    ['3 MP JPEG (2048 × 1536)', await photo(2048, 1536)],
    ['12 MP HEIC (heif-enc, decoded on the worker)', heic(twelve)],
    ['20,000 × 20,000 PNG (a decompression bomb)', zeroPng(20_000, 20_000)],
    ['60 MP JPEG (9000 × 6700, over the 50 MP cap)', await flat(9000, 6700)],
    ['1 × 50,000,000 PNG (a side over 12,000 px)', zeroPng(1, 50_000_000)],
    ['16,383 × 3,000 WebP (a side over 12,000 px)', await wide()],
    ['JPEG whose header says 7,000 × 7,000 over 300 × 200 of data', await cutShort()],
    ['7,000 × 7,000 16-bit RGBA PNG (49 MP, allowed: a heavy decode)', heavy],
  ];
  say('| Upload | Bytes | Median ms | Longest stall, ms | Answer |');
  say('|---|---:|---:|---:|---|');
  for (const [name, bytes] of cases) {
    if (!bytes) {
      say(
        `| ${name} | – | – | – | not measured: heif-enc (Debian libheif-examples) is not installed |`,
      );
      continue;
    }
    const rss = process.memoryUsage().rss;
    const { times, stalls, refused } = await timeUpload(bytes);
    const grew = (process.memoryUsage().rss - rss) / 2 ** 20;
    say(
      `| ${name} | ${size(bytes)} | ${median(times).toFixed(0)} | ` +
        `${Math.max(...stalls).toFixed(0)} | ${refused ? `refused: ${refused}` : `stored (RSS +${grew.toFixed(0)} MiB)`} |`,
    );
  }
  say();

  const small = await photo(300, 200);
  const idle: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    await intake('small', small);
    idle.push(performance.now() - started);
  }
  const runs = [];
  for (let i = 0; i < 3; i += 1) runs.push(await behindHeavy(heavy, small));
  say(
    "Another person's 300 × 200 JPEG while one person has four of the 16-bit PNGs above in " +
      '(two decoding, two waiting), 3 runs: decoding takes turns per person, so it waits for ' +
      'the work already running at most, never for the backlog; the same person’s fifth is ' +
      'refused at once.',
  );
  say();
  say('| Small picture alone, median ms | Behind the four, ms | The four done after, ms | Fifth |');
  say('|---:|---|---|---|');
  say(
    `| ${median(idle).toFixed(0)} | ${runs.map((run) => run.waited.toFixed(0)).join(', ')} | ` +
      `${runs.map((run) => run.rest.toFixed(0)).join(', ')} | ${runs[0]?.fifth ?? ''} |`,
  );
  say();
}
