// The study notes for offline use (decision 023, "Offline"): every chapter's study data in one
// response, and the Strong's dictionaries in another, each built and compressed once per process,
// on first request, without holding the event loop.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cachedRouteOptions } from '#server/delivery/cached-body.ts';
import { preferredEncoding } from '#server/delivery/compression.ts';
import { immutableCacheControl, isNotModified } from '#server/delivery/http-caching.ts';
import { dictionaryFile } from '#server/study/strongs-dictionary.ts';
import { parseInput } from '#server/validate.ts';
import { canonicalChapters } from '#shared/bible/chapter.ts';
import { studyDataVersion } from '#shared/rules/study.ts';
import { chapterStudyQuerySchema } from '#shared/schemas/study.ts';
import { chapterStudy } from './study.service.ts';

const brotliAsync = promisify(brotliCompress);
const unbrotliAsync = promisify(brotliDecompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli quality 9: the pack (6.3 MB of JSON lines) becomes about 0.83 MB and the dictionaries
 * (3.0 MB) 0.65 MB, in about a second of zlib's thread pool, once. Gzip (level 6, made only when
 * a client without brotli asks) is about 10% bigger.
 */
export const studyPackBrotliQuality = 9;
const gzipLevel = 6;

/**
 * A body that never changes, kept compressed; its gzip and plain forms are made (and kept) only
 * once a client asks for one (browsers take brotli).
 */
export type KeptBody = {
  etag: string;
  /** Bytes before compression. */
  bytes: number;
  br: Buffer;
  gzip?: Promise<Buffer>;
  plain?: Promise<Buffer>;
};

/** Brotli at the pack's quality, on zlib's thread pool. */
export function brotliOf(body: Buffer): Promise<Buffer> {
  return brotliAsync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: studyPackBrotliQuality,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/**
 * Every chapter's study data, Genesis 1 to Revelation 22, one chapter a line (NDJSON), each line
 * the body of GET /api/study/{book}/{chapter} for that chapter: chapterStudy's answer itself. One
 * chapter at a time (Psalm 119, the longest, takes about 2 ms), giving the event loop back between
 * them; the tag is hashed as the lines come.
 */
export async function buildStudyPackBody(): Promise<{ body: Buffer; etag: string }> {
  const hash = createHash('sha256');
  const lines: Buffer[] = [];
  for (const position of canonicalChapters()) {
    const line = Buffer.from(`${JSON.stringify(chapterStudy(position))}\n`);
    hash.update(line);
    lines.push(line);
    await nextTurn();
  }
  return { body: Buffer.concat(lines), etag: weakTag(hash) };
}

function weakTag(hash: ReturnType<typeof createHash>): string {
  return `W/"${hash.digest('base64url').slice(0, 27)}"`;
}

/** A file read, hashed a slice at a time and compressed, off the event loop. */
async function keptFile(file: string): Promise<KeptBody> {
  const body = await fs.readFile(file);
  const hash = createHash('sha256');
  const slice = 256 * 1024;
  for (let at = 0; at < body.length; at += slice) {
    hash.update(body.subarray(at, at + slice));
    await nextTurn();
  }
  return { etag: weakTag(hash), bytes: body.length, br: await brotliOf(body) };
}

let builds = 0;

async function keptPack(): Promise<KeptBody> {
  builds += 1;
  const { body, etag } = await buildStudyPackBody();
  return { etag, bytes: body.length, br: await brotliOf(body) };
}

/** Made once, shared by every request that comes while it is being made; tried again after a failure. */
function once(make: () => Promise<KeptBody>) {
  let kept: Promise<KeptBody> | null = null;
  return {
    get(): Promise<KeptBody> {
      if (!kept) {
        const making = make();
        kept = making;
        making.catch(() => {
          if (kept === making) kept = null;
        });
      }
      return kept;
    },
    forget(): void {
      kept = null;
    },
  };
}

const pack = once(keptPack);
const dictionary = once(() => keptFile(dictionaryFile));

/** The pack, built on its first request (and kept for the process's life). */
export const studyPack = pack.get;
/** The Strong's dictionaries as their file holds them ({ entries: { H1: … } }), compressed once. */
export const studyDictionary = dictionary.get;

/** How many times the pack was built in this process (the tests check that requests share one). */
export function studyPackBuildCount(): number {
  return builds;
}

/** Drops the kept pack, so the next request builds it again (the tests and the bench time it). */
export function forgetStudyPack(): void {
  pack.forget();
}

/** The form asked for, made once from the brotli when first asked for; tried again after a failure. */
function otherForm(kept: KeptBody, form: 'gzip' | 'plain'): Promise<Buffer> {
  let made = kept[form];
  if (!made) {
    const making = unbrotliAsync(kept.br).then((body) =>
      form === 'gzip' ? gzipAsync(body, { level: gzipLevel }) : body,
    );
    kept[form] = making;
    making.catch(() => {
      if (kept[form] === making) delete kept[form];
    });
    made = making;
  }
  return made;
}

/**
 * Asked for with this release's version (?v=), the answer never changes: kept for good, as the
 * chapter route's. Without it, a while.
 */
async function sendKept(
  request: FastifyRequest,
  reply: FastifyReply,
  body: () => Promise<KeptBody>,
  type: string,
) {
  const { v } = parseInput(chapterStudyQuerySchema, request.query);
  const kept = await body();
  reply
    .header('vary', 'accept-encoding')
    .header('cache-control', v === studyDataVersion ? immutableCacheControl : 'public, max-age=300')
    .header('etag', kept.etag);
  if (isNotModified(request.headers['if-none-match'], kept.etag)) return reply.code(304).send();
  reply.type(type);
  // A Buffer gets its content-length, which lets the browser show the download's progress.
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(kept.br);
  if (encoding === 'gzip') {
    return reply.header('content-encoding', 'gzip').send(await otherForm(kept, 'gzip'));
  }
  return reply.send(await otherForm(kept, 'plain'));
}

export function studyDownloadRoutes(app: FastifyInstance): void {
  app.get('/api/study/download', cachedRouteOptions, (request, reply) =>
    sendKept(request, reply, studyPack, 'application/x-ndjson; charset=utf-8'),
  );
  app.get('/api/study/dictionary', cachedRouteOptions, (request, reply) =>
    sendKept(request, reply, studyDictionary, 'application/json; charset=utf-8'),
  );
}
