import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { fileMessages } from '#shared/rules/files.ts';
import { heavyPng, heicPicture, isWebp } from '#tests/api-support/fixtures/pictures.ts';
import { sizeRefusal } from './picture-size.ts';
import { hasMarkup, readPicture, squareFor, squareWebps } from './safe-image.ts';

/**
 * What safe-image.ts does below the routes: the size caps on the HEIC worker's side too, the
 * time limit on a decode, and the markup scan's misses on bytes that only look like text.
 */

/** The fixture HEIC (96 × 64) with its 'ispe' box (the image's size) saying 96 × 1,000. */
function heicClaiming(width: number, height: number): Buffer {
  const bytes = Buffer.from(heicPicture());
  const box = bytes.indexOf('ispe');
  if (box === -1) throw new Error('no ispe box in the HEIC fixture');
  // 'ispe', a version and flags (4 bytes), then width and height.
  bytes.writeUInt32BE(width, box + 8);
  bytes.writeUInt32BE(height, box + 12);
  return bytes;
}

/** The whole intake, as the profile picture runs it. */
async function intake(
  bytes: Buffer,
  options: { timeoutSeconds?: number; heicHold?: Int32Array } = {},
) {
  const picture = await readPicture(bytes, { person: 'tester', ...options });
  return squareWebps(picture, squareFor(picture, null), [512, 64]);
}

describe('sizeRefusal', () => {
  it.each([
    [7_000, 7_000, null],
    [12_000, 1_200, null],
    [1_200, 12_000, null],
    [7_071, 7_071, null],
    [7_072, 7_072, 'tooManyPixels'],
    [20_000, 20_000, 'tooManyPixels'],
    [12_001, 4_000, 'tooLong'],
    [1, 50_000_000, 'tooLong'],
    [16_383, 3_000, 'tooLong'],
    [10_001, 1_000, 'tooThin'],
    [1, 11, 'tooThin'],
    [1, 10, null],
  ] as const)('%i × %i: %s', (width, height, expected) => {
    expect(sizeRefusal(width, height)).toBe(expected);
  });
});

describe('the HEIC worker', () => {
  it('refuses an image past the caps by itself, before decoding it', async () => {
    const thread = new Worker(new URL('./heic-decoder.worker.ts', import.meta.url));
    try {
      const answer = await new Promise<Record<string, unknown>>((resolve, reject) => {
        thread.once('message', resolve);
        thread.once('error', reject);
        thread.postMessage({ id: 7, bytes: heicClaiming(96, 1_000) });
      });
      expect(answer).toEqual({ id: 7, refused: 'tooThin' });
    } finally {
      await thread.terminate();
    }
  });

  it('is not reached for a HEIC whose header is past the caps', async () => {
    await expect(intake(heicClaiming(96, 1_000))).rejects.toMatchObject({
      statusCode: 413,
      message: fileMessages.tooThin,
    });
    await expect(intake(heicClaiming(13_000, 2_000))).rejects.toMatchObject({
      statusCode: 413,
      message: fileMessages.tooLong,
    });
  });
});

describe('the time limit', () => {
  it('stops a decode that runs past it, and refuses the picture with 413', async () => {
    // 49 megapixels of 16-bit RGBA, interlaced: about 2 s to decode on a 2-core machine.
    await expect(
      intake(heavyPng({ interlaced: true }), { timeoutSeconds: 1 }),
    ).rejects.toMatchObject({ statusCode: 413, message: fileMessages.tooSlow });
  });

  it("ends a HEIC decode past it on the worker's thread, and the next HEIC gets a new one", async () => {
    // The decode holds the worker's thread until element 0 is set, which never happens: it
    // cannot answer before its limit, however fast the machine, and only ending the thread
    // stops it.
    const heicHold = new Int32Array(new SharedArrayBuffer(4));
    await expect(intake(heicPicture(), { timeoutSeconds: 0.001, heicHold })).rejects.toMatchObject({
      statusCode: 413,
      message: fileMessages.tooSlow,
    });
    const [large, small] = await intake(heicPicture());
    expect(isWebp(large ?? Buffer.alloc(0))).toBe(true);
    expect(isWebp(small ?? Buffer.alloc(0))).toBe(true);
  });
});

describe('hasMarkup', () => {
  /** Bytes that are as good as random (xorshift32, seeded: the same every run). */
  function noise(size: number, seed: number): Buffer {
    const bytes = Buffer.alloc(size);
    let state = seed;
    for (let at = 0; at < size; at += 4) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      bytes.writeInt32LE(state | 0, at);
    }
    return bytes;
  }

  it('finds none in 50 MB of random bytes (ten uploads of 5 MB, as compressed data is)', async () => {
    for (let seed = 1; seed <= 10; seed += 1) {
      expect(await hasMarkup(noise(5 * 1024 * 1024, seed * 7919)), `seed ${seed}`).toBe(false);
    }
  });

  it('lets other work run while it looks through a 5 MB upload, and still finds markup at its end', async () => {
    const upload = noise(5 * 1024 * 1024, 31);
    Buffer.from('<svg onload=alert(1)>', 'latin1').copy(upload, upload.length - 30);
    let turns = 0;
    const counting = setInterval(() => (turns += 1), 0);
    let otherWorkRan = false;
    setImmediate(() => (otherWorkRan = true));
    const found = await hasMarkup(upload);
    clearInterval(counting);
    expect(found).toBe(true);
    expect(otherWorkRan).toBe(true);
    expect(turns).toBeGreaterThan(0);
  });

  it('finds markup that begins at the last byte of one slice and ends in the next', async () => {
    const upload = noise(1024 * 1024, 97);
    // Keep the noise free of '<' so only the planted tag can be found.
    for (let at = 0; at < upload.length; at += 1) if (upload[at] === 0x3c) upload[at] = 0x3d;
    Buffer.from('<script>', 'latin1').copy(upload, 256 * 1024 - 1);
    expect(await hasMarkup(upload)).toBe(true);
  });

  it("finds none in a photo's XMP, whose elements are prefixed", async () => {
    const xmp = [
      '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>',
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
      '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"',
      ' xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:Source="Phone">',
      '<dc:source>Camera roll</dc:source><dc:format>image/jpeg</dc:format>',
      '<dc:title><rdf:Alt><rdf:li xml:lang="x-default">Sunset on the lake</rdf:li></rdf:Alt></dc:title>',
      '<xmpGImg:image>/9j/4AAQSkZJRg==</xmpGImg:image><photoshop:Source>Phone</photoshop:Source>',
      '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>',
    ].join('\n');
    expect(await hasMarkup(Buffer.from(xmp, 'latin1'))).toBe(false);
  });

  it.each([
    ['<a href=x>', false],
    ['<b>bold</b>', false],
    ['<svg', false],
    ['<svg>\u0080\u0081\u0082', false],
    ['<svg>\n<g>', true],
    ['<img/src=x>', true],
    ['<p title="x"onclick=alert(1)>', true],
    ['<x:script>', true],
    ['<dc:source>', false],
    ['<xmp:image>', false],
    ['<IMAGE src=x>', true],
  ])('%j: %s', async (text, expected) => {
    expect(await hasMarkup(Buffer.from(`\u00ff\u00d8${text}\u0000\u0001`, 'latin1'))).toBe(
      expected,
    );
  });
});
