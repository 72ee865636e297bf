import { createHash } from 'node:crypto';

/**
 * For bodies that never change under their URL or tag (the Bible's chapters, the offline
 * download, the client's hashed assets): browsers and proxies may keep them for a year.
 */
export const immutableCacheControl = 'public, max-age=31536000, immutable';

/**
 * A weak tag: the body goes out as brotli, gzip or plain under the same tag, and a strong tag
 * would claim they are byte-for-byte the same (RFC 9110 §8.8.1). If-None-Match needs no more.
 */
export function weakEtag(body: string | Buffer): string {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return `W/"${hash}"`;
}

/** If-None-Match uses the weak comparison: W/"x" and "x" match (RFC 9110 §13.1.2). */
export function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
