import { Worker } from 'node:worker_threads';
import { fileTypeFromBuffer } from 'file-type';
import pLimit from 'p-limit';
import sharp, { type FormatEnum, type Metadata, type Sharp } from 'sharp';
import { fileLimits, fileMessages } from '../../shared/rules/files.ts';
import { AppError } from '../app-error.ts';

/*
 * Safe images (issue 27, item 3): a picture is recognised by its bytes, never its name or the
 * Content-Type a client sent; anything that is not a JPEG, PNG, WebP, HEIC or AVIF, or that
 * carries markup a browser could run (an SVG, HTML, a polyglot), is refused before it is decoded.
 * Its size is read from its header and a picture over the pixel cap is refused before a single
 * pixel is decoded (a decompression bomb costs nothing). What is stored is always a new WebP
 * drawn from the decoded pixels: no byte of the upload, and none of its metadata (EXIF with GPS,
 * XMP, ICC, comments), is ever kept or served.
 */

// One decode at a time per process, another queued: a 50-megapixel picture takes 200 MB while
// it is decoded, so a burst of uploads waits rather than takes the memory of many at once.
const decodes = pLimit(2);
sharp.cache(false);

const formats = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heif',
  'image/heif': 'heif',
  'image/avif': 'heif',
} as const satisfies Record<string, keyof FormatEnum>;

/**
 * Markup a browser would run or draw, found anywhere in the bytes: a file that is a picture and
 * also a page or an SVG (a polyglot) is refused though its re-encoded copy would be harmless.
 * Every marker is five or more characters, so the chance of one by accident in 5 MB of
 * compressed data is about one in ten thousand or less.
 */
const markupAfterBracket =
  /^(?:(?:script|html|iframe|object|embed|body)[\s>/]|svg[\s>]|!doctype\s+html)/i;

/** Looks at what follows each '<' (found natively), not at a 5 MB string: ~2 ms, not ~35 ms. */
function hasMarkup(bytes: Buffer): boolean {
  for (let at = bytes.indexOf(0x3c); at !== -1; at = bytes.indexOf(0x3c, at + 1)) {
    if (markupAfterBracket.test(bytes.toString('latin1', at + 1, at + 15))) return true;
  }
  return false;
}

function unsupported(): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', fileMessages.unsupported);
}

function unreadable(): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', fileMessages.unreadable);
}

function tooManyPixels(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', fileMessages.tooManyPixels);
}

/** A checked picture: its pixels to draw from, upright, and its upright size. */
export type Picture = { width: number; height: number; pixels: () => Sharp };

/** Every stored picture's encoding. */
const webpOptions = { quality: 82 } as const;

/** Checks an upload and reads its size; throws 413 / 415 AppErrors with the shown messages. */
export async function readPicture(bytes: Buffer): Promise<Picture> {
  if (bytes.length === 0) throw unsupported();
  if (bytes.length > fileLimits.maxUploadBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', fileMessages.tooLarge);
  }
  const type = await fileTypeFromBuffer(bytes);
  const format =
    type && Object.hasOwn(formats, type.mime) ? formats[type.mime as keyof typeof formats] : null;
  if (!format || hasMarkup(bytes)) throw unsupported();

  let metadata: Metadata;
  try {
    // The header only: nothing is decoded yet.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (metadata.format !== format) throw unreadable();
  const { width, height } = metadata.autoOrient;
  if (!width || !height) throw unreadable();
  if (width * height > fileLimits.maxInputPixels) throw tooManyPixels();

  if (metadata.format === 'heif' && metadata.compression === 'hevc') {
    const decoded = await decodeHeic(bytes);
    const raw = { width: decoded.width, height: decoded.height, channels: 4 as const };
    // A Buffer over the transferred memory, not a copy.
    const pixels = Buffer.from(
      decoded.data.buffer,
      decoded.data.byteOffset,
      decoded.data.byteLength,
    );
    return { width: raw.width, height: raw.height, pixels: () => sharp(pixels, { raw }) };
  }
  const options = { limitInputPixels: fileLimits.maxInputPixels, failOn: 'error' as const };
  return { width, height, pixels: () => sharp(bytes, options).autoOrient() };
}

/** Runs sharp's work for one upload in the decode queue, and turns a decode failure into 415. */
function encodePicture<T>(work: () => Promise<T>): Promise<T> {
  return decodes(async () => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw unreadable();
    }
  });
}

/** A WebP with no metadata, its longest side at most `maxSide` (never enlarged). */
export function webpWithin(picture: Picture, maxSide: number): Promise<Buffer> {
  return encodePicture(() =>
    picture
      .pixels()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .webp(webpOptions)
      .toBuffer(),
  );
}

/** A square region of the upright picture, in pixels. */
export type Square = { left: number; top: number; size: number };

/**
 * The square a crop asks for, as fractions of the upright picture (react-easy-crop's
 * percentages / 100): made square on its smaller side in pixels, kept inside the picture. No
 * crop is the centre square.
 */
export function squareFor(
  picture: Pick<Picture, 'width' | 'height'>,
  crop: { left: number; top: number; width: number; height: number } | null,
): Square {
  const { width, height } = picture;
  if (!crop) {
    const size = Math.min(width, height);
    return { left: Math.floor((width - size) / 2), top: Math.floor((height - size) / 2), size };
  }
  const size = Math.max(
    1,
    Math.min(Math.round(crop.width * width), Math.round(crop.height * height), width, height),
  );
  const clamp = (value: number, room: number) => Math.min(Math.max(0, Math.round(value)), room);
  return {
    left: clamp(crop.left * width, width - size),
    top: clamp(crop.top * height, height - size),
    size,
  };
}

/** The square cut out and drawn at each size, as WebP with no metadata. */
export function squareWebps(
  picture: Picture,
  square: Square,
  sizes: readonly number[],
): Promise<Buffer[]> {
  return encodePicture(async () => {
    const region = { left: square.left, top: square.top, width: square.size, height: square.size };
    // The largest from the picture, each smaller one from that (a 512 px WebP is a cheap
    // source for 64 px). sharp's clone() would copy the input on the main thread: ~100 ms for
    // a decoded HEIC's 48 MB.
    const largest = Math.max(...sizes);
    const first = await picture
      .pixels()
      .extract(region)
      .resize(largest, largest, { fit: 'fill' })
      .webp(webpOptions)
      .toBuffer();
    return Promise.all(
      sizes.map((size) =>
        size === largest ? first : sharp(first).resize(size, size).webp(webpOptions).toBuffer(),
      ),
    );
  });
}

type HeicAnswer =
  | { id: number; width: number; height: number; data: Uint8Array }
  | { id: number; tooManyPixels: true }
  | { id: number; error: string };

let heicWorker: Worker | null = null;
let nextRequest = 0;
const waiting = new Map<number, (answer: HeicAnswer) => void>();

function worker(): Worker {
  if (heicWorker) return heicWorker;
  const started = new Worker(new URL('./heic-decoder.worker.ts', import.meta.url));
  started.on('message', (answer: HeicAnswer) => {
    waiting.get(answer.id)?.(answer);
    waiting.delete(answer.id);
    if (waiting.size === 0) started.unref();
  });
  const fail = () => {
    // A broken or ended worker fails what it held; the next HEIC starts a new one.
    for (const [id, answer] of waiting) answer({ id, error: 'worker failed' });
    waiting.clear();
    if (heicWorker === started) heicWorker = null;
  };
  started.on('error', fail);
  started.on('exit', fail);
  // Held while it decodes, let go when idle (after the listeners: adding one refs it again), so
  // an idle worker never keeps the process from ending.
  started.unref();
  heicWorker = started;
  return started;
}

/** A HEIC's first image as RGBA pixels, decoded on the worker (one at a time, in the queue). */
function decodeHeic(bytes: Buffer): Promise<{ width: number; height: number; data: Uint8Array }> {
  return decodes(async () => {
    const id = nextRequest++;
    const answer = await new Promise<HeicAnswer>((resolve) => {
      waiting.set(id, resolve);
      const decoder = worker();
      decoder.ref();
      decoder.postMessage({ id, bytes, maxPixels: fileLimits.maxInputPixels });
    });
    if ('tooManyPixels' in answer) throw tooManyPixels();
    if ('error' in answer) throw unreadable();
    return answer;
  });
}
