import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fileLimits, fileMessages } from '#shared/rules/files.ts';
import { browserRequest, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { solidPng } from '#tests/api-support/fixtures/pictures.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';

/*
 * An upload's body is read chunk by chunk into one buffer (storage/uploads.ts): these are the
 * ways a body can arrive, each answered as Fastify's own reading answered them.
 */
const t = useTestApp();

/** The bytes in 64 KB chunks, as a stream: sent without a Content-Length. */
function inChunks(bytes: Buffer): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 64 * 1024)
    chunks.push(bytes.subarray(at, at + 64 * 1024));
  return Readable.from(chunks);
}

function putBody(
  account: SignedIn,
  payload: Buffer | Readable,
  headers: Record<string, string> = {},
) {
  return browserRequest(t, {
    method: 'PUT',
    url: '/api/profile/picture',
    payload,
    headers: { 'content-type': 'application/octet-stream', ...headers },
    cookie: account.cookie,
  });
}

/** A PNG padded after its end to `size` bytes: a picture of that size on the wire. */
async function paddedPng(size: number): Promise<Buffer> {
  const png = await solidPng(64, 64);
  return Buffer.concat([png, Buffer.alloc(size - png.length, 0)]);
}

describe('reading an upload', () => {
  it('takes a picture sent in chunks with no Content-Length, each byte in place', async () => {
    const alice = await signUp(t);
    // Over the first guess of 256 KB, so the buffer grows while the chunks come.
    const response = await putBody(alice, inChunks(await paddedPng(700 * 1024)));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ profile_image_url: string | null }>().profile_image_url).toMatch(
      /-512\.webp$/,
    );
  });

  it('takes a picture of a declared length, up to the limit', async () => {
    const alice = await signUp(t);
    const response = await putBody(alice, await paddedPng(fileLimits.maxUploadBytes));
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a body that grows over 5 MB without saying its length, in the words shown', async () => {
    const alice = await signUp(t);
    const response = await putBody(alice, inChunks(await paddedPng(fileLimits.maxUploadBytes + 1)));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'PAYLOAD_TOO_LARGE', message: fileMessages.tooLarge });
    const profile = await browserRequest(t, { url: '/api/profile', cookie: alice.cookie });
    expect(profile.json<{ profile_image_url: string | null }>().profile_image_url).toBeNull();
  });

  it('refuses a body shorter than its Content-Length with a 400, not a picture of half of it', async () => {
    const alice = await signUp(t);
    const bytes = await paddedPng(100 * 1024);
    const response = await putBody(alice, inChunks(bytes.subarray(0, 50 * 1024)), {
      'content-length': String(bytes.length),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: expect.any(String),
      message: expect.any(String),
    });
    const profile = await browserRequest(t, { url: '/api/profile', cookie: alice.cookie });
    expect(profile.json<{ profile_image_url: string | null }>().profile_image_url).toBeNull();
  });
});
