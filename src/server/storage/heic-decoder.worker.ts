import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { sizeRefusal, type SizeRefusal } from './picture-size.ts';

/**
 * Decodes HEIC (HEVC) pictures off the main thread: sharp's own libheif reads HEIC headers but
 * has no HEVC decoder, so heic-decode's WebAssembly libheif decodes them, which would otherwise
 * hold the event loop for the whole decode (up to a second for a phone photo).
 */
type HeicImage = {
  width: number;
  height: number;
  decode: () => Promise<{ data: Uint8ClampedArray }>;
};
type HeicImages = HeicImage[] & { dispose: () => void };
const require = createRequire(import.meta.url);
const heicDecode = require('heic-decode') as {
  all: (input: { buffer: Uint8Array }) => Promise<HeicImages>;
};

/** `hold`: a test's (Intake.heicHold): the decode waits until its element 0 is set. */
type Request = { id: number; bytes: Uint8Array; hold?: Int32Array };

parentPort?.on('message', (request: Request) => {
  void decode(request).then(
    (answer) =>
      parentPort?.postMessage(
        { id: request.id, ...answer },
        'data' in answer ? [answer.data.buffer as ArrayBuffer] : [],
      ),
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
      }),
  );
});

type Answer = { refused: SizeRefusal } | { width: number; height: number; data: Uint8Array };

async function decode({ bytes, hold }: Request): Promise<Answer> {
  // Holds the thread as a decode in WebAssembly does: only ending the thread stops it.
  if (hold) Atomics.wait(hold, 0, 0);
  const images = await heicDecode.all({ buffer: bytes });
  try {
    const first = images[0];
    if (!first) throw new Error('no image');
    // The caps the header was checked against, on the image decoded here: the one sharp's
    // header named may not be the first.
    const refused = sizeRefusal(first.width, first.height);
    if (refused) return { refused };
    const { data } = await first.decode();
    return { width: first.width, height: first.height, data: new Uint8Array(data.buffer) };
  } finally {
    images.dispose();
  }
}
