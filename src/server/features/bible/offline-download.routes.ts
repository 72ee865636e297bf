import type { FastifyInstance } from 'fastify';
import { books } from '../../../shared/bible/books.ts';
import type { AppContext } from '../../app-context.ts';
import type { Bible } from '../../kjv/kjv.ts';
import { sendCached, type CachedJson } from '../../delivery/cached-body.ts';
import type { CompressionEffort } from '../../delivery/compression.ts';
import { weakEtag } from '../../delivery/http-caching.ts';
import { getChapterJson } from './bible.service.ts';

/**
 * Brotli quality 9: the whole Bible (15.9 MB of chapter JSON) becomes about 1.7 MB in about
 * 2 s, off the event loop (zlib's thread pool). Quality 11 saves another 12% but takes a minute.
 */
const downloadCompression: CompressionEffort = { brotliQuality: 9, gzipLevel: 9 };

const downloads = new WeakMap<Bible, CachedJson>();

/**
 * Every chapter, Genesis 1 to Revelation 22, one per line (NDJSON), each line byte for byte the
 * body of GET /api/bible/{book}/{chapter}. The reader's "Download the Bible for offline use"
 * streams it and stores each line in Cache Storage under that chapter's URL, where the service
 * worker's chapter route finds it: one compressed request instead of 1,189, and a progress bar
 * that counts chapters as they arrive. Built once, with its compressed forms made once each,
 * on demand.
 */
function getDownload(bible: Bible): CachedJson {
  let download = downloads.get(bible);
  if (!download) {
    const lines = books.flatMap((book) =>
      Array.from(
        { length: book.chapters },
        (_, index) => getChapterJson(bible, book.name, String(index + 1)).body,
      ),
    );
    const body = Buffer.from(`${lines.join('\n')}\n`);
    download = { body, etag: weakEtag(body), encoded: {} };
    downloads.set(bible, download);
  }
  return download;
}

export function offlineDownloadRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The text never changes under this URL; a changed chapter shape changes both URLs (?v=2).
  app.get('/api/bible/download', async (request, reply) => {
    // Even a 304 says it varies on the encoding.
    reply.header('vary', 'accept-encoding');
    return sendCached(request, reply, getDownload(ctx.bible), {
      type: 'application/x-ndjson; charset=utf-8',
      compression: downloadCompression,
    });
  });
}
