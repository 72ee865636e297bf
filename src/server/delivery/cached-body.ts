import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  compressedForm,
  preferredEncoding,
  type CompressionEffort,
  type EncodedForms,
} from './compression.ts';
import { immutableCacheControl, isNotModified, weakEtag } from './http-caching.ts';

/**
 * A body that never changes, and its compressed forms once asked for. Bytes, not a string: a
 * string would be encoded to UTF-8 again on every answer (a third of the chapter route's CPU).
 */
export type CachedBody = {
  body: Buffer;
  encoded: EncodedForms;
};

/** A body serialized once, with its tag and, once asked for, its compressed forms. */
export type CachedJson = CachedBody & { etag: string };

/**
 * Below this, compression saves too little to matter. A cached body is compressed once, so it
 * is worth doing from 1 KB; answers built per request wait until 8 KiB (compression.ts).
 */
const minCompressedBytes = 1024;

/**
 * Brotli at quality 5: Psalm 119 (the longest chapter, 57 kB of JSON) takes about 2 ms, once.
 * Quality 11 would save another 15% but take 50 ms for it.
 */
export const cachedBodyCompression: CompressionEffort = { brotliQuality: 5 };

/** A value serialized once as JSON, with its weak tag. */
export function cachedJson(value: unknown): CachedJson {
  const body = Buffer.from(JSON.stringify(value));
  return { body, etag: weakEtag(body), encoded: {} };
}

/** Adds accept-encoding to what the answer varies on (a page already varies on the cookie). */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (typeof vary !== 'string') {
    reply.header('vary', 'accept-encoding');
  } else if (
    !vary
      .toLowerCase()
      .split(',')
      .some((name) => name.trim() === 'accept-encoding')
  ) {
    reply.header('vary', `${vary}, accept-encoding`);
  }
}

/**
 * The options of a route that answers with sendCached: its body is compressed once, by
 * sendEncoded, so the compress plugin's hooks (run on every request) are left out of it.
 */
export const cachedRouteOptions = { compress: false } as const;

/**
 * Sends a tagged body with a year of caching: 304 when the client holds it, else the body in
 * the encoding the client prefers (sendEncoded), so the hottest endpoints neither serialize nor
 * compress per request. The content type defaults to JSON.
 */
export async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedJson,
  options: { type?: string; compression?: CompressionEffort } = {},
) {
  reply.header('cache-control', immutableCacheControl).header('etag', cached.etag);
  if (isNotModified(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  reply.type(options.type ?? 'application/json; charset=utf-8');
  return sendEncoded(request, reply, cached, options.compression);
}

/**
 * Sends a body that never changes in the encoding the client prefers, compressed the first
 * time it is asked for in that encoding (the compress plugin leaves an encoded body alone).
 */
export async function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedBody,
  compression: CompressionEffort = cachedBodyCompression,
) {
  varyOnEncoding(reply);
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding || cached.body.length < minCompressedBytes) return reply.send(cached.body);
  // A Buffer gets its content-length, which lets a client show a download's progress.
  const body =
    cached.encoded[encoding]?.bytes ??
    (await compressedForm(cached.encoded, cached.body, encoding, compression));
  return reply.header('content-encoding', encoding).send(body);
}
