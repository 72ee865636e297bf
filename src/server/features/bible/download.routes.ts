import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { books } from '../../../shared/bible/books.ts';
import type { AppContext } from '../../app-context.ts';
import type { Bible } from '../../bible/kjv.ts';
import { getChapterJson } from './bible.service.ts';
import { isNotModified, preferredEncoding } from './cached-response.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = 'br' | 'gzip';

/** The whole KJV, serialized once, with its compressed forms made once each, on demand. */
type BibleDownload = {
  body: Buffer;
  etag: string;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
};

/**
 * Brotli quality 9: the whole Bible (15.9 MB of chapter JSON) becomes about 1.7 MB in about
 * 2 s, off the event loop (zlib's thread pool). Quality 11 saves another 12% but takes a minute.
 */
const brotliQuality = 9;

/** The text never changes under this URL; a changed chapter shape changes both URLs (?v=2). */
const immutable = 'public, max-age=31536000, immutable';

const downloads = new WeakMap<Bible, BibleDownload>();

/**
 * Every chapter, Genesis 1 to Revelation 22, one per line (NDJSON), each line byte for byte the
 * body of GET /api/bible/{book}/{chapter}. The reader's "Download the Bible for offline use"
 * streams it and stores each line in Cache Storage under that chapter's URL, where the service
 * worker's chapter route finds it: one compressed request instead of 1,189, and a progress bar
 * that counts chapters as they arrive.
 */
function getDownload(bible: Bible): BibleDownload {
  let download = downloads.get(bible);
  if (!download) {
    const lines = books.flatMap((book) =>
      Array.from(
        { length: book.chapters },
        (_, index) => getChapterJson(bible, book.name, String(index + 1)).body,
      ),
    );
    const body = Buffer.from(`${lines.join('\n')}\n`);
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
    // Weak: brotli, gzip and plain bodies go out under the one tag (see cached-response.ts).
    download = { body, etag: `W/"${hash}"`, encoded: {} };
    downloads.set(bible, download);
  }
  return download;
}

function encodedBody(download: BibleDownload, encoding: Encoding): Promise<Buffer> {
  let encoded = download.encoded[encoding];
  if (!encoded) {
    encoded =
      encoding === 'br'
        ? brotli(download.body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
              [constants.BROTLI_PARAM_SIZE_HINT]: download.body.length,
            },
          })
        : gzipAsync(download.body, { level: 9 });
    // A failure is not remembered: the next request tries again.
    encoded.catch(() => {
      delete download.encoded[encoding];
    });
    download.encoded[encoding] = encoded;
  }
  return encoded;
}

export function bibleDownloadRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/bible/download', async (request, reply) => {
    const download = getDownload(ctx.bible);
    reply
      .header('cache-control', immutable)
      .header('etag', download.etag)
      .header('vary', 'accept-encoding');
    if (isNotModified(request.headers['if-none-match'], download.etag)) {
      return reply.code(304).send();
    }
    reply.type('application/x-ndjson; charset=utf-8');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(download.body);
    // A Buffer gets its content-length, which lets a client show the download's progress.
    const body = await encodedBody(download, encoding);
    return reply.header('content-encoding', encoding).send(body);
  });
}
