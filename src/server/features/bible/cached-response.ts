import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

/** A body that never changes, and its compressed forms once asked for. */
export type CachedBody = {
  body: string;
  encoded: Partial<Record<Encoding, Buffer>>;
};

/** A response serialized once, with its tag and, once asked for, its compressed forms. */
export type CachedJson = CachedBody & { etag: string };

/**
 * Below this, compression saves too little to matter. A cached body is compressed once, so it
 * is worth doing from 1 KB; answers built per request wait until 8 KiB (app.ts).
 */
const minCompressedBytes = 1024;

/** Bodies that never change for a given tag: browsers and proxies may keep them for a year. */
const immutable = 'public, max-age=31536000, immutable';

/**
 * A weak tag: the body goes out as brotli, gzip or plain under the same tag, and a strong tag
 * would claim they are byte-for-byte the same (RFC 9110 §8.8.1). If-None-Match needs no more.
 */
export function cachedJson(value: unknown): CachedJson {
  const body = JSON.stringify(value);
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return { body, etag: `W/"${hash}"`, encoded: {} };
}

/** If-None-Match uses the weak comparison: W/"x" and "x" match (RFC 9110 §13.1.2). */
export function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/** Brotli if the client takes it, else gzip, else null (plain); honours q=0. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
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
 * Brotli at quality 5: Psalm 119 (the longest chapter, 57 kB of JSON) takes about 2 ms, once.
 * Quality 11 would save another 15% but take 50 ms of the event loop for it.
 */
const brotliQuality = 5;

function encodedBody(cached: CachedBody, encoding: Encoding): Buffer {
  cached.encoded[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(cached.body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
            [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(cached.body),
          },
        })
      : gzipSync(cached.body);
  return cached.encoded[encoding];
}

/**
 * Sends a cached body with a year of caching and its tag: 304 when the client holds it, else
 * the body compressed once per encoding (the compress plugin leaves an encoded body alone),
 * so the hottest endpoints neither serialize nor compress per request.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedJson) {
  reply.header('cache-control', immutable).header('etag', cached.etag);
  if (isNotModified(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  return sendEncoded(request, reply, cached);
}

/**
 * Sends a body that never changes in the encoding the client prefers, compressed the first
 * time it is asked for in that encoding (the compress plugin leaves an encoded body alone).
 */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, cached: CachedBody) {
  // After whatever else the answer varies on (a page, on the cookie).
  const vary = reply.getHeader('vary');
  reply.header('vary', typeof vary === 'string' ? `${vary}, accept-encoding` : 'accept-encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding || cached.body.length < minCompressedBytes) return reply.send(cached.body);
  return reply.header('content-encoding', encoding).send(encodedBody(cached, encoding));
}
