import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import type { Bible } from '#server/bible/bible.ts';
import { cachedRouteOptions, sendCached, type CachedJson } from '#server/delivery/cached-body.ts';
import type { CompressionEffort } from '#server/delivery/compression.ts';
import { weakEtag } from '#server/delivery/http-caching.ts';
import { parseInput } from '#server/validate.ts';
import { books } from '#shared/bible/books.ts';
import { translationQuerySchema } from '#shared/schemas/bible.ts';
import { getChapterJson } from './bible.service.ts';

/**
 * Brotli quality 9: the whole KJV as raw verses (4.3 MB) becomes about 1.0 MB (gzip 9:
 * 1.2 MB) in about a second, once, off the event loop (zlib's thread pool); as whole chapter
 * answers (15.9 MB), 1.7 MB. Quality 11 would save another 12% but take a minute. The WEB and
 * the ASV come to about the same (offline-download.test.ts checks each against 1.5 MB).
 */
const downloadCompression: CompressionEffort = { brotliQuality: 9, gzipLevel: 9 };

const downloads = new WeakMap<Bible, CachedJson>();
const verseDownloads = new WeakMap<Bible, CachedJson>();

/**
 * Every chapter's raw verses in one translation (its text in the KJV's verse format, marks
 * included: shared/bible/verse-text.ts), Genesis 1 to Revelation 22, one chapter per line as
 * a JSON array of strings. The reader's download (the whole Bible in at most 1.5 MB)
 * rebuilds each chapter's answer from its line with shared/bible/chapter.ts, the code the
 * server answers GET /api/bible/{book}/{chapter} with, so what it stores is that answer byte for
 * byte: the chapter answers repeat each verse three times (text, segments, passage), which is
 * most of their size.
 */
function getVerseDownload(bible: Bible): CachedJson {
  let download = verseDownloads.get(bible);
  if (!download) {
    const lines = bible.chapters.flatMap((chapters) =>
      chapters.map((verses) => JSON.stringify(verses)),
    );
    const body = Buffer.from(`${lines.join('\n')}\n`);
    download = { body, etag: weakEtag(body), encoded: {} };
    verseDownloads.set(bible, download);
  }
  return download;
}

/**
 * Every chapter, Genesis 1 to Revelation 22, one per line (NDJSON), each line byte for byte the
 * body of GET /api/bible/{book}/{chapter}: what the app's download fetched before the raw
 * verses above, kept for an app still running from an older build. The reader's "Download the Bible for offline use"
 * streams it and stores each line in Cache Storage under that chapter's URL, where the service
 * worker's chapter route finds it: one compressed request instead of 1,189, and a progress bar
 * that counts chapters as they arrive. Built once, with its compressed forms made once each,
 * on demand.
 */
function getDownload(bible: Bible): CachedJson {
  let download = downloads.get(bible);
  if (!download) {
    const lines = books.flatMap((book) =>
      Array.from({ length: book.chapters }, (_, index) =>
        getChapterJson(bible, book.name, String(index + 1)).body.toString(),
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
  app.get('/api/bible/download', cachedRouteOptions, async (request, reply) => {
    // Even a 304 says it varies on the encoding.
    reply.header('vary', 'accept-encoding');
    return sendCached(request, reply, getDownload(ctx.bible), {
      type: 'application/x-ndjson; charset=utf-8',
      compression: downloadCompression,
    });
  });

  // ?translation=kjv|web|asv (decision 015), the KJV when absent: each its own URL and ETag.
  app.get('/api/bible/download/verses', cachedRouteOptions, async (request, reply) => {
    const { translation } = parseInput(translationQuerySchema, request.query);
    reply.header('vary', 'accept-encoding');
    return sendCached(request, reply, getVerseDownload(ctx.translations.get(translation)), {
      type: 'application/x-ndjson; charset=utf-8',
      compression: downloadCompression,
    });
  });
}
