import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip';

/** A compressed form on its way; `bytes` once it has come, so that answers need not wait. */
export type EncodedForm = Promise<Buffer> & { bytes?: Buffer };

/** A body's compressed forms, each made once, when first asked for. */
export type EncodedForms = Partial<Record<Encoding, EncodedForm>>;

/** How hard to compress a body that is compressed once and then sent many times. */
export type CompressionEffort = {
  brotliQuality: number;
  /** zlib's level; its default (6) when left out. */
  gzipLevel?: number;
};

/**
 * Answers built per request go out plain below 12 KiB (docs/decisions/007). With its headers
 * (under 1 KB) such an answer fits the first flight of a new connection (10 segments, RFC 6928:
 * 13 KB even at a tunnelled mobile link's 1,300-byte segments), so gzip would save bytes but no
 * round trip, and compressing one costs the server more than reading it from the database.
 */
export const perRequestCompressionThreshold = 12 * 1024;

/**
 * Answers built per request (a user's lists) are compressed only when they are big enough for
 * it to save a round trip (docs/decisions/007), at gzip's fastest level (nginx's default).
 * Bodies that never change are compressed once, harder (compressedForm).
 */
export const perRequestCompression = {
  threshold: perRequestCompressionThreshold,
  // Compressed in one synchronous call, not through a zlib stream on the thread pool, up to
  // 64 KiB (the plugin's default on 2 cores is 8 KiB): a 10 KB page of journal entries cost 800 µs
  // of server CPU through the stream and 300 µs in one call (docs/decisions/007, amended).
  syncThreshold: 64 * 1024,
  zlibOptions: { level: 1 },
};

// Browsers send one of a handful of accept-encoding values, the same on every request: each is
// read once. Bounded, as the header is the client's to choose.
const preferredByHeader = new Map<string, Encoding | null>();
const preferredByHeaderLimit = 64;

/** Brotli if the client takes it, else gzip, else null (plain); honours q=0. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const known = preferredByHeader.get(acceptEncoding);
  if (known !== undefined) return known;
  const preferred = readAcceptEncoding(acceptEncoding);
  if (preferredByHeader.size >= preferredByHeaderLimit) preferredByHeader.clear();
  preferredByHeader.set(acceptEncoding, preferred);
  return preferred;
}

function readAcceptEncoding(acceptEncoding: string): Encoding | null {
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    quality.set(name, q === undefined ? 1 : Number(q.slice(2)));
  }
  const accepts = (name: string) => (quality.get(name) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/**
 * The body in the encoding asked for, compressed the first time it is asked for in it and kept
 * in `forms`, off the event loop (zlib's thread pool). Requests arriving together share the one
 * compression; a failure is not remembered, so the next request tries again.
 */
export function compressedForm(
  forms: EncodedForms,
  body: string | Buffer,
  encoding: Encoding,
  effort: CompressionEffort,
): Promise<Buffer> {
  let form = forms[encoding];
  if (!form) {
    const made: EncodedForm =
      encoding === 'br'
        ? brotliAsync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: effort.brotliQuality,
              [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
            },
          })
        : gzipAsync(body, effort.gzipLevel === undefined ? {} : { level: effort.gzipLevel });
    made.then(
      (bytes) => {
        made.bytes = bytes;
      },
      () => {
        if (forms[encoding] === made) delete forms[encoding];
      },
    );
    forms[encoding] = made;
    form = made;
  }
  return form;
}
