import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { fileTypeFromBuffer } from 'file-type';
import pLimit from 'p-limit';
import sharp, { type FormatEnum, type Metadata, type Sharp } from 'sharp';
import { AppError } from '#server/app-error.ts';
import { fileLimits, fileMessages } from '#shared/rules/files.ts';
import { fairQueue } from './fair-queue.ts';
import { sizeRefusal, type SizeRefusal } from './picture-size.ts';

/*
 * Safe images (decision 017): a picture is recognised by its bytes, never its name or the
 * Content-Type a client sent; anything that is not a JPEG, PNG, WebP, HEIC or AVIF, or that
 * carries markup a browser would act on (an SVG, HTML, a polyglot), is refused before it is
 * decoded. Its size is read from its header, and a picture over the pixel cap, with a side over
 * 12,000 px, or longer than 10 : 1 is refused before a single pixel is decoded (a decompression
 * bomb costs nothing). Decoding takes turns per person, two at a time, and is stopped after
 * 10 s. What is stored is always a new WebP drawn from the decoded pixels: no byte of the
 * upload, and none of its metadata (EXIF with GPS, XMP, ICC, comments), is ever kept or served.
 */

/**
 * Refused because too many pictures wait to be decoded: 503, and when to try again (a heavy
 * picture takes about a second, so what is queued is done in a few).
 */
export class PicturesBusy extends AppError {
  constructor() {
    super('SERVICE_UNAVAILABLE', fileMessages.busy, { retryAfterSeconds: 5 });
  }
}

/**
 * Two decodes at once per process: a 50-megapixel picture takes 200 MB while it is decoded, so a
 * burst of uploads waits rather than takes the memory of many at once. Each person waits in a
 * line of their own, at most two pictures, sixteen in all; past that a picture is refused with
 * 503 at once rather than kept waiting.
 */
export const pictureQueue = fairQueue(
  { running: 2, waitingPerPerson: 2, waitingInAll: 16 },
  () => new PicturesBusy(),
);
sharp.cache(false);

const formats = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heif',
  'image/heif': 'heif',
  'image/avif': 'heif',
} as const satisfies Record<string, keyof FormatEnum>;

/*
 * Markup a browser would act on, found anywhere in the bytes: a file that is a picture and also
 * a page or an SVG (a polyglot) is refused though its re-encoded copy would be harmless. After a
 * '<', any of:
 * - a tag that runs, loads, styles, submits, redirects or fires events by itself (script, svg,
 *   img, meta, link, style, base, form, iframe, video, details, marquee, …), its name ended as
 *   a browser ends one (space, tab, line break, '/' or '>'); the few that only XHTML or SVG in
 *   an XML document would run may carry a namespace prefix ('<x:script'). XMP metadata names
 *   its elements with prefixes ('<dc:source>', '<xmpGImg:image>'), so those names never take one;
 * - any tag (a made-up '<xss' too) with an event attribute, ' on…=' (three letters or more);
 * - '<!doctype html' or '<?xml-stylesheet'.
 * Markers of one or two letters ('<a ', '<b>') are never looked for: on random bytes they would
 * turn up every few megabytes.
 *
 * By accident, in compressed data (as good as random bytes): a '<' comes every 256 bytes, a
 * three-letter name after it 1 in 2^21 (either case), an end 7 in 256: '<svg' or '<img' alone
 * would be 1 in 3,700 for 5 MB each. So those two must also be followed by three characters of
 * text, as an attribute, a tag or a script would be ((100/256)^3: 1 in 17). Each name of four
 * letters or more is 128 times rarer than one of three. An event attribute: a letter after the
 * '<', and within the tag (128 bytes to the next '<' or '>', on average) an end, 'on', three
 * letters and '=': about 2 in 10^9 for each '<'. Together about one in 11,000 for a 5 MB upload
 * (a phone photo's 2 MB: one in 28,000), and then the person is asked for another file.
 */
/** What ends a tag's name; what may come between its name and an attribute; text. */
const nameEnd = '[\\t\\n\\f\\r />]';
const space = '[\\t\\n\\f\\r /]';
const text = '[\\t\\n\\f\\r\\x20-\\x7e]';
/** A namespace prefix, as in '<x:script xmlns:x="http://www.w3.org/1999/xhtml">'. */
const prefix = '(?:[a-z][\\w.-]{0,20}:)?';
const xmlTags = ['script', 'html', 'body', 'math', 'iframe', 'object', 'embed'];
const tags = [
  ...['meta', 'link', 'style', 'base', 'form', 'input', 'button', 'textarea', 'select'],
  ...['frame', 'frameset', 'applet', 'image', 'video', 'audio', 'source', 'track', 'details'],
  ...['dialog', 'marquee', 'template', 'noscript', 'portal', 'isindex', 'keygen', 'animate'],
];
const markupAfterBracket = new RegExp(
  [
    `^${prefix}(?:${xmlTags.join('|')})${nameEnd}`,
    `^(?:${tags.join('|')})${nameEnd}`,
    `^${prefix}svg${nameEnd}${text}{3}`,
    `^img${nameEnd}${text}{3}`,
    // '<svg/onload=', '<img src=x onerror=', '<xss autofocus onfocus=', '<p title="x"onclick=':
    // anything but a '<' or '>' between the tag's name and the attribute.
    `^[a-z][\\w:.-]*(?:${space}[^<>]*?)?[\\t\\n\\f\\r /"']on[a-z]{3,}[\\t\\n\\f\\r ]*=`,
    '^!doctype[\\t\\n\\f\\r ]+html',
    '^\\?xml-stylesheet',
  ].join('|'),
  'i',
);

/** Reads a tag's worth of text after it: what an event attribute needs, and a little more. */
const markupWindow = 256;

/**
 * Whether a byte can begin what markupAfterBracket looks for: every one of its patterns starts
 * with a letter, '!' or '?'. Four in five '<' in compressed data are followed by something else,
 * and are passed over without making a string for the pattern.
 */
function mayBeginMarkup(byte: number | undefined): boolean {
  if (byte === undefined) return false;
  const lower = byte | 0x20;
  return (lower >= 0x61 && lower <= 0x7a) || byte === 0x21 || byte === 0x3f;
}

/**
 * The bytes looked through between turns of the event loop: about a millisecond's work on
 * compressed data, so a 5 MB upload never holds other people's requests (decision 030).
 */
const markupSliceBytes = 256 * 1024;

/**
 * Looks at what follows each '<' (found natively), not at a 5 MB string, in slices with a turn
 * of the event loop between them. A pattern may read past the end of a slice: it reads the
 * whole upload, so nothing at a slice's edge is missed.
 */
export async function hasMarkup(bytes: Buffer): Promise<boolean> {
  for (let start = 0; start < bytes.length; start += markupSliceBytes) {
    if (start > 0) await nextTurn();
    const end = Math.min(bytes.length, start + markupSliceBytes);
    for (let at = bytes.indexOf(0x3c, start); at !== -1 && at < end;) {
      if (
        mayBeginMarkup(bytes[at + 1]) &&
        markupAfterBracket.test(bytes.toString('latin1', at + 1, at + 1 + markupWindow))
      ) {
        return true;
      }
      at = bytes.indexOf(0x3c, at + 1);
    }
  }
  return false;
}

function unsupported(): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', fileMessages.unsupported);
}

function unreadable(): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', fileMessages.unreadable);
}

const sizeErrors: Record<SizeRefusal, () => AppError> = {
  tooManyPixels: () => new AppError('PAYLOAD_TOO_LARGE', fileMessages.tooManyPixels),
  tooLong: () => new AppError('PAYLOAD_TOO_LARGE', fileMessages.tooLong),
  tooThin: () => new AppError('PAYLOAD_TOO_LARGE', fileMessages.tooThin),
};

function tooSlow(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', fileMessages.tooSlow);
}

/** Whose upload it is (each person waits in a line of their own), and how long it may take. */
export type Intake = {
  person: string;
  timeoutSeconds?: number;
  /**
   * For tests: the HEIC worker holds its thread (Atomics.wait) before decoding until element 0
   * is set, as a long WebAssembly decode holds it, so a decode surely outlasts its time limit
   * (no HEIC slow to decode can be made without an HEVC encoder).
   */
  heicHold?: Int32Array;
};

/** The limits a checked picture is drawn and encoded under. */
type Limits = { person: string; timeoutSeconds: number };

/** A checked picture: its pixels to draw from, upright, and its upright size. */
export type Picture = {
  width: number;
  height: number;
  pixels: () => Sharp;
  intake: Limits;
};

/** Every stored picture's encoding. */
const webpOptions = { quality: 82 } as const;

/**
 * Checks an upload and reads its size; throws 413 / 415 AppErrors with the shown messages, and a
 * 503 PicturesBusy when a HEIC cannot be queued for decoding.
 */
export async function readPicture(bytes: Buffer, given: Intake): Promise<Picture> {
  const intake: Limits = {
    person: given.person,
    timeoutSeconds: given.timeoutSeconds ?? fileLimits.decodeSeconds,
  };
  if (bytes.length === 0) throw unsupported();
  if (bytes.length > fileLimits.maxUploadBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', fileMessages.tooLarge);
  }
  const type = await fileTypeFromBuffer(bytes);
  const format =
    type && Object.hasOwn(formats, type.mime) ? formats[type.mime as keyof typeof formats] : null;
  if (!format || (await hasMarkup(bytes))) throw unsupported();

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
  const refusal = sizeRefusal(width, height);
  if (refusal) throw sizeErrors[refusal]();

  if (metadata.format === 'heif' && metadata.compression === 'hevc') {
    const decoded = await decodeHeic(bytes, intake, given.heicHold);
    const raw = { width: decoded.width, height: decoded.height, channels: 4 as const };
    // A Buffer over the transferred memory, not a copy.
    const pixels = Buffer.from(
      decoded.data.buffer,
      decoded.data.byteOffset,
      decoded.data.byteLength,
    );
    return {
      width: raw.width,
      height: raw.height,
      pixels: () => sharp(pixels, { raw }).timeout({ seconds: wholeSeconds(intake) }),
      intake,
    };
  }
  // A warning stops the decode too: libjpeg only warns of data that ends before the picture
  // does, which sharp would otherwise fill with grey (a header claiming 7,000 × 7,000 over
  // 300 × 200 of data was taken). Pictures from cameras, phones and editors decode without one
  // (sharp's own, progressive, CMYK, 16-bit, text chunks with a bad checksum, bytes after the
  // end: all pass); the rare damaged one is refused as unreadable, and saved again it passes.
  const options = { limitInputPixels: fileLimits.maxInputPixels, failOn: 'warning' as const };
  return {
    width,
    height,
    pixels: () =>
      sharp(bytes, options)
        .timeout({ seconds: wholeSeconds(intake) })
        .autoOrient(),
    intake,
  };
}

/** sharp counts whole seconds, at least one (0 would be no limit). */
function wholeSeconds(intake: Limits): number {
  return Math.max(1, Math.ceil(intake.timeoutSeconds));
}

/** sharp's refusal when a pipeline ran past its timeout: 'timeout: 12% complete'. */
function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('timeout:');
}

/**
 * Runs sharp's work for one upload in the person's turn, and turns a decode failure into 415 (a
 * decode stopped at the time limit into 413).
 */
function encodePicture<T>(intake: Limits, work: () => Promise<T>): Promise<T> {
  return pictureQueue.run(intake.person, async () => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (isTimeout(error)) throw tooSlow();
      throw unreadable();
    }
  });
}

/** A WebP with no metadata, its longest side at most `maxSide` (never enlarged). */
export function webpWithin(picture: Picture, maxSide: number): Promise<Buffer> {
  return encodePicture(picture.intake, () =>
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
  return encodePicture(picture.intake, async () => {
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
        size === largest
          ? first
          : sharp(first)
              .timeout({ seconds: wholeSeconds(picture.intake) })
              .resize(size, size)
              .webp(webpOptions)
              .toBuffer(),
      ),
    );
  });
}

type HeicAnswer =
  | { id: number; width: number; height: number; data: Uint8Array }
  | { id: number; refused: SizeRefusal }
  | { id: number; error: string }
  | { id: number; timedOut: true };

type HeicDecoder = { thread: Worker; waiting: Map<number, (answer: HeicAnswer) => void> };

let heicDecoder: HeicDecoder | null = null;
let nextRequest = 0;

function decoder(): HeicDecoder {
  if (heicDecoder) return heicDecoder;
  const thread = new Worker(new URL('./heic-decoder.worker.ts', import.meta.url));
  // Each thread's own requests: one ended fails only what it held.
  const started: HeicDecoder = { thread, waiting: new Map() };
  thread.on('message', (answer: HeicAnswer) => {
    started.waiting.get(answer.id)?.(answer);
    started.waiting.delete(answer.id);
    if (started.waiting.size === 0) thread.unref();
  });
  const fail = () => {
    // A broken or ended worker fails what it held; the next HEIC starts a new one.
    for (const [id, answer] of started.waiting) answer({ id, error: 'worker failed' });
    started.waiting.clear();
    if (heicDecoder === started) heicDecoder = null;
  };
  thread.on('error', fail);
  thread.on('exit', fail);
  // Held while it decodes, let go when idle (after the listeners: adding one refs it again), so
  // an idle worker never keeps the process from ending.
  thread.unref();
  heicDecoder = started;
  return started;
}

/**
 * One HEIC on the worker at a time, so that its time limit counts its own decode and not the
 * one before it (the worker's thread does one at a time anyway).
 */
const heicTurns = pLimit(1);

/**
 * A HEIC's first image as RGBA pixels, decoded on the worker in the person's turn. A decode past
 * the time limit ends the worker's thread (WebAssembly cannot be stopped otherwise); the next
 * HEIC starts another.
 */
function decodeHeic(
  bytes: Buffer,
  intake: Limits,
  hold: Int32Array | undefined,
): Promise<{ width: number; height: number; data: Uint8Array }> {
  return pictureQueue.run(intake.person, () =>
    heicTurns(async () => {
      const id = nextRequest++;
      const { thread, waiting } = decoder();
      const answer = await new Promise<HeicAnswer>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          if (heicDecoder?.thread === thread) heicDecoder = null;
          resolve({ id, timedOut: true });
          void thread.terminate();
        }, intake.timeoutSeconds * 1000);
        waiting.set(id, (answer) => {
          clearTimeout(timer);
          resolve(answer);
        });
        thread.ref();
        thread.postMessage(hold ? { id, bytes, hold } : { id, bytes });
      });
      if ('timedOut' in answer) throw tooSlow();
      if ('refused' in answer) throw sizeErrors[answer.refused]();
      if ('error' in answer) throw unreadable();
      return answer;
    }),
  );
}
