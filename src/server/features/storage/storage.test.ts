import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileLimits, fileMessages, publicFileUrl } from '#shared/rules/files.ts';
import { browserRequest, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import {
  blue,
  expectColour,
  fetchPublic,
  gpsInfoTag,
  green,
  halves,
  heicPicture,
  isWebp,
  jpegWithGps,
  meanColour,
  pngBomb,
  putPicture,
  red,
  solidPng,
} from '#tests/api-support/fixtures/pictures.ts';
import { testRateLimits, useTestApp } from '#tests/api-support/test-app.ts';

/**
 * The spec's file storage (§7, bucket user-content; decision 017): upload at a path, the public URL,
 * remove, list by name with a limit, no upsert, each person in their own folder, and only
 * pictures, re-encoded as WebP without their metadata.
 */
const t = useTestApp();

type Uploaded = { path: string; url: string; content_type: string; size: number };
type Listed = {
  name: string;
  path: string;
  size: number;
  content_type: string;
  created_at: string;
  url: string;
};

function upload(
  account: SignedIn | undefined,
  path: string,
  bytes: Buffer,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return browserRequest(t, {
    method: 'POST',
    url: `/api/storage/user-content/${path}`,
    payload: bytes,
    headers: { 'content-type': 'application/octet-stream', ...headers },
    ...(account ? { cookie: account.cookie } : {}),
  });
}

async function uploaded(account: SignedIn, path: string, bytes?: Buffer): Promise<Uploaded> {
  const response = await upload(account, path, bytes ?? (await solidPng(40, 30)));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Uploaded>();
}

function remove(
  account: SignedIn | undefined,
  path: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return browserRequest(t, {
    method: 'DELETE',
    url: `/api/storage/user-content/${path}`,
    headers,
    ...(account ? { cookie: account.cookie } : {}),
  });
}

function list(account: SignedIn | undefined, query = ''): Promise<LightMyRequestResponse> {
  return browserRequest(t, {
    method: 'GET',
    url: `/api/storage/user-content${query}`,
    ...(account ? { cookie: account.cookie } : {}),
  });
}

async function listedNames(account: SignedIn, query = ''): Promise<string[]> {
  const response = await list(account, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: Listed[] }>().items.map((item) => item.name);
}

/** Every path a person keeps, straight from the database. */
async function storedPaths(userId: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('stored_files')
    .select('path')
    .where('user_id', '=', userId)
    .orderBy('path')
    .execute();
  return rows.map((row) => row.path);
}

function expectError(response: LightMyRequestResponse, status: number, message: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual({ error: expect.any(String), message });
}

describe('POST /api/storage/user-content/{path}', () => {
  it('stores a picture as WebP and answers 201 with its path and public URL', async () => {
    const alice = await signUp(t);
    const path = `${alice.user.id}/photos/garden.png`;
    const response = await upload(alice, path, await solidPng(300, 200), {
      'content-type': 'image/png',
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<Uploaded>();
    expect(body).toMatchObject({
      path,
      url: publicFileUrl('user-content', path),
      content_type: 'image/webp',
      size: expect.any(Number),
    });
    expect(body.url).toBe(`/files/user-content/${path}`);

    const served = await fetchPublic(t, body.url);
    expect(served.statusCode).toBe(200);
    expect(isWebp(served.rawPayload)).toBe(true);
    expect(served.rawPayload.length).toBe(body.size);
    const { width, height, format } = await sharp(served.rawPayload).metadata();
    // Never enlarged; the shape kept.
    expect({ width, height, format }).toEqual({ width: 300, height: 200, format: 'webp' });
    expect(await storedPaths(alice.user.id)).toEqual([path]);
  });

  it('draws a large picture with its longest side at 1024 pixels', async () => {
    const alice = await signUp(t);
    const wide = await sharp({
      create: { width: 1600, height: 800, channels: 3, background: green },
    })
      .jpeg()
      .toBuffer();
    const file = await uploaded(alice, `${alice.user.id}/wide.jpg`, wide);
    const { width, height } = await sharp((await fetchPublic(t, file.url)).rawPayload).metadata();
    expect({ width, height }).toEqual({ width: fileLimits.storedMaxSide, height: 512 });
  });

  it.each([
    ['JPEG', () => halves(120, 80, red, blue).jpeg().toBuffer()],
    ['PNG', () => halves(120, 80, red, blue).png().toBuffer()],
    ['WebP', () => halves(120, 80, red, blue).webp().toBuffer()],
    ['AVIF', () => halves(120, 80, red, blue).avif().toBuffer()],
  ])('takes a %s and serves it as WebP, pixels intact', async (_format, make) => {
    const alice = await signUp(t);
    const file = await uploaded(alice, `${alice.user.id}/picture`, await make());
    expect(file.content_type).toBe('image/webp');
    const bytes = (await fetchPublic(t, file.url)).rawPayload;
    expect(isWebp(bytes)).toBe(true);
    const { width, height } = await sharp(bytes).metadata();
    expect({ width, height }).toEqual({ width: 120, height: 80 });
    expectColour(await meanColour(bytes, { left: 0, top: 0, width: 0.4, height: 1 }), red);
    expectColour(await meanColour(bytes, { left: 0.6, top: 0, width: 0.4, height: 1 }), blue);
  });

  it('takes a HEIC (a phone photo) and serves it as WebP', async () => {
    const alice = await signUp(t);
    const heic = heicPicture();
    expect(heic.subarray(4, 12).toString('latin1')).toBe('ftypheic');
    const file = await uploaded(alice, `${alice.user.id}/phone.heic`, heic);
    const bytes = (await fetchPublic(t, file.url)).rawPayload;
    expect(isWebp(bytes)).toBe(true);
    const { width, height } = await sharp(bytes).metadata();
    expect({ width, height }).toEqual({ width: 96, height: 64 });
    // The fixture is green on the left, yellow on the right.
    expectColour(await meanColour(bytes, { left: 0, top: 0, width: 0.4, height: 1 }), green);
    expectColour(await meanColour(bytes, { left: 0.6, top: 0, width: 0.4, height: 1 }), {
      r: 250,
      g: 220,
      b: 0,
    });
  });

  it.each(['image/svg+xml', 'text/html', 'text/plain', 'application/json'])(
    'decides the type from the bytes, not a Content-Type of %s',
    async (claimed) => {
      const alice = await signUp(t);
      const response = await upload(alice, `${alice.user.id}/claimed`, await solidPng(20, 20), {
        'content-type': claimed,
      });
      expect(response.statusCode, response.body).toBe(201);
      const served = await fetchPublic(t, response.json<Uploaded>().url);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(isWebp(served.rawPayload)).toBe(true);
    },
  );

  it('stores a JPEG with GPS EXIF without any of its metadata', async () => {
    const alice = await signUp(t);
    const source = await jpegWithGps();
    const before = await sharp(source).metadata();
    expect(before.exif?.includes(gpsInfoTag)).toBe(true);
    expect(before.exif?.toString('latin1')).toContain('Pocket Camera');

    const file = await uploaded(alice, `${alice.user.id}/where-i-was.jpg`, source);
    const stored = (await fetchPublic(t, file.url)).rawPayload;
    const after = await sharp(stored).metadata();
    expect(after.format).toBe('webp');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    const text = stored.toString('latin1');
    for (const trace of ['Exif', 'EXIF', 'XMP ', 'ICCP', 'Acme', 'Pocket Camera', 'Lydia']) {
      expect(text).not.toContain(trace);
    }
    // The database holds the same clean bytes.
    const row = await t.db
      .selectFrom('stored_files')
      .select('data')
      .where('path', '=', file.path)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(row.data).equals(stored)).toBe(true);
  });

  it('answers 409 to a second upload at the same path and keeps the first file', async () => {
    const alice = await signUp(t);
    const path = `${alice.user.id}/once.png`;
    const first = await uploaded(alice, path, await solidPng(30, 30, red));
    const firstBytes = (await fetchPublic(t, first.url)).rawPayload;

    const second = await upload(alice, path, await solidPng(30, 30, blue));
    expectError(second, 409, fileMessages.exists);
    expect(second.json().error).toBe('CONFLICT');
    const served = await fetchPublic(t, first.url);
    expect(served.rawPayload.equals(firstBytes)).toBe(true);
    expectColour(
      await meanColour(served.rawPayload, { left: 0, top: 0, width: 1, height: 1 }),
      red,
    );
    expect(await storedPaths(alice.user.id)).toEqual([path]);
  });

  it('replaces a file by removing it, then putting the new one (and its ETag changes)', async () => {
    const alice = await signUp(t);
    const path = `${alice.user.id}/again.png`;
    const first = await uploaded(alice, path, await solidPng(30, 30, red));
    const oldTag = (await fetchPublic(t, first.url)).headers.etag;
    expect((await remove(alice, path)).statusCode).toBe(200);
    const second = await uploaded(alice, path, await solidPng(30, 30, blue));
    expect(second.url).toBe(first.url);
    const served = await fetchPublic(t, second.url);
    expectColour(
      await meanColour(served.rawPayload, { left: 0, top: 0, width: 1, height: 1 }),
      blue,
    );
    expect(served.headers.etag).not.toBe(oldTag);
    // A cache holding the old file's ETag gets the new file, not a 304.
    const revalidated = await fetchPublic(t, second.url, {
      headers: { 'if-none-match': String(oldTag) },
    });
    expect(revalidated.statusCode).toBe(200);
  });

  it('keeps up to 20 files a person, then answers 409 until one is removed', async () => {
    const alice = await signUp(t);
    const small = await solidPng(8, 8);
    for (let index = 0; index < fileLimits.filesPerPerson; index += 1) {
      await uploaded(alice, `${alice.user.id}/many/${String(index).padStart(2, '0')}`, small);
    }
    const over = await upload(alice, `${alice.user.id}/many/20`, small);
    expectError(over, 409, fileMessages.tooMany);
    expect(await storedPaths(alice.user.id)).toHaveLength(fileLimits.filesPerPerson);

    // Another person's count is their own.
    const bob = await signUp(t);
    await uploaded(bob, `${bob.user.id}/mine`, small);

    expect((await remove(alice, `${alice.user.id}/many/00`)).statusCode).toBe(200);
    await uploaded(alice, `${alice.user.id}/many/20`, small);
  });

  it('answers 401 to a visitor and stores nothing', async () => {
    const alice = await signUp(t);
    const response = await upload(undefined, `${alice.user.id}/x.png`, await solidPng(8, 8));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String) });
    expect(await storedPaths(alice.user.id)).toEqual([]);
  });

  it('answers 403 to an upload from another site (CSRF) and stores nothing', async () => {
    const alice = await signUp(t);
    const response = await upload(alice, `${alice.user.id}/x.png`, await solidPng(8, 8), {
      origin: 'https://evil.example',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'FORBIDDEN', message: expect.any(String) });
    expect(await storedPaths(alice.user.id)).toEqual([]);
  });
});

describe('what is refused', () => {
  let alice: SignedIn;
  beforeAll(async () => {
    alice = await signUp(t);
  });

  const png = () => solidPng(16, 16);
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';

  it.each([
    ['an SVG', () => Buffer.from(svg)],
    [
      'an SVG with an XML prolog',
      () => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${svg}`),
    ],
    ['an HTML page', () => Buffer.from('<!doctype html><html><script>alert(1)</script></html>')],
    [
      'a GIF',
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: red } })
          .gif()
          .toBuffer(),
    ],
    [
      'a TIFF',
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: red } })
          .tiff()
          .toBuffer(),
    ],
    [
      'a PDF',
      () => Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n'),
    ],
    ['plain text', () => Buffer.from('Just some words, not a picture.')],
    ['an empty body', () => Buffer.alloc(0)],
    [
      'a PNG with a page after its end (a polyglot)',
      async () => Buffer.concat([await png(), Buffer.from('<html><script>alert(1)</script>')]),
    ],
  ])('%s: 415, with the message to choose a picture', async (_name, make) => {
    const response = await upload(alice, `${alice.user.id}/refused`, await make(), {
      'content-type': 'image/png',
    });
    expectError(response, 415, fileMessages.unsupported);
    expect(response.json().error).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await storedPaths(alice.user.id)).toEqual([]);
  });

  it('a file that starts like a JPEG but is not one: 415 unreadable', async () => {
    const fake = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      Buffer.from('JFIF\u0000'),
      Buffer.alloc(2000, 0x41),
    ]);
    const response = await upload(alice, `${alice.user.id}/fake.jpg`, fake);
    expectError(response, 415, fileMessages.unreadable);
    expect(await storedPaths(alice.user.id)).toEqual([]);
  });

  it('a picture cut off half way: 415 unreadable', async () => {
    const whole = await sharp({
      create: { width: 400, height: 300, channels: 3, background: blue },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const response = await upload(alice, `${alice.user.id}/cut.png`, whole.subarray(0, 2000));
    expectError(response, 415, fileMessages.unreadable);
    expect(await storedPaths(alice.user.id)).toEqual([]);
  });

  it('over 5 MB: 413 too large, and nothing stored', async () => {
    const png8 = (await png()).subarray(0, 8);
    const big = Buffer.concat([png8, Buffer.alloc(fileLimits.maxUploadBytes + 1 - 8)]);
    const response = await upload(alice, `${alice.user.id}/big.png`, big);
    expectError(response, 413, fileMessages.tooLarge);
    expect(response.json().error).toBe('PAYLOAD_TOO_LARGE');
    expect(await storedPaths(alice.user.id)).toEqual([]);
  });

  it('a picture just under 5 MB is taken (the body limit is 5 MB, not the 1 MB of JSON)', async () => {
    // Stored without compression: about 4.8 MB of PNG.
    const side = 1270;
    const noise = randomBytes(side * side * 3);
    const bytes = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(bytes.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(bytes.length).toBeLessThanOrEqual(fileLimits.maxUploadBytes);
    const file = await uploaded(alice, `${alice.user.id}/noise.png`, bytes);
    expect((await sharp((await fetchPublic(t, file.url)).rawPayload).metadata()).width).toBe(1024);
    expect((await remove(alice, file.path)).statusCode).toBe(200);
  });

  it('a 20,000 × 20,000 PNG (a decompression bomb of 50 KB): 413 too many pixels', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(100_000);
    const header = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect({ width: header.width, height: header.height }).toEqual({
      width: 20_000,
      height: 20_000,
    });
    const response = await upload(alice, `${alice.user.id}/bomb.png`, bomb);
    expectError(response, 413, fileMessages.tooManyPixels);
    expect(await storedPaths(alice.user.id)).toEqual([]);
    // The server is still answering.
    expect((await list(alice)).statusCode).toBe(200);
  });
});

describe('paths', () => {
  let alice: SignedIn;
  beforeAll(async () => {
    alice = await signUp(t);
  });

  it.each([
    ['an empty segment', (id: string) => `${id}//x.png`],
    ['only the folder', (id: string) => id],
    ['6 segments', (id: string) => `${id}/a/b/c/d/e.png`],
    [
      '301 characters',
      (id: string) => `${id}/${'a'.repeat(100)}/${'b'.repeat(100)}/${'c'.repeat(62)}`,
    ],
    ['a segment of 101 characters', (id: string) => `${id}/${'a'.repeat(101)}`],
    ['a space', (id: string) => `${id}/a%20b.png`],
    ['a letter outside ASCII', (id: string) => `${id}/caf%C3%A9.png`],
    ['a backslash', (id: string) => `${id}/a%5Cb.png`],
    ['a NUL', (id: string) => `${id}/a%00b.png`],
    ['a colon', (id: string) => `${id}/c%3Aboot.ini`],
  ])('%s: 400, nothing stored', async (_name, pathOf) => {
    const response = await upload(alice, pathOf(alice.user.id), await solidPng(8, 8));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    expect(await storedPaths(alice.user.id)).toEqual([]);
  });

  it('takes 5 segments and 300 characters', async () => {
    const id = alice.user.id;
    const deep = `${id}/a/b/c/d.png`;
    const long = `${id}/${'a'.repeat(100)}/${'b'.repeat(100)}/${'c'.repeat(61)}`;
    expect(long).toHaveLength(fileLimits.maxPathLength);
    for (const path of [deep, long]) {
      const file = await uploaded(alice, path);
      expect(file.path).toBe(path);
      expect((await fetchPublic(t, file.url)).statusCode).toBe(200);
      expect((await remove(alice, path)).statusCode).toBe(200);
    }
  });

  it("takes '__proto__' and 'constructor' as plain names", async () => {
    const id = alice.user.id;
    const paths = [`${id}/__proto__`, `${id}/constructor/__proto__.png`];
    for (const path of paths) {
      const file = await uploaded(alice, path);
      expect((await fetchPublic(t, file.url)).statusCode).toBe(200);
    }
    expect(await listedNames(alice)).toEqual(['__proto__', 'constructor/__proto__.png']);
    expect(await listedNames(alice, `?folder=${id}/constructor`)).toEqual(['__proto__.png']);
    for (const path of paths) expect((await remove(alice, path)).statusCode).toBe(200);
    expect(await listedNames(alice)).toEqual([]);
  });

  describe('dot segments sent as they are (over the wire: inject() resolves them)', () => {
    let port = 0;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });

    function raw(
      method: string,
      path: string,
      body?: Buffer,
    ): Promise<{ status: number; body: string }> {
      return new Promise((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method,
            path,
            headers: {
              cookie: alice.cookie,
              origin: t.config.publicUrl,
              ...(body
                ? { 'content-type': 'application/octet-stream', 'content-length': body.length }
                : {}),
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                body: Buffer.concat(chunks).toString('utf8'),
              }),
            );
          },
        );
        request.on('error', reject);
        request.end(body);
      });
    }

    it.each([
      ['..', (id: string) => `${id}/../${id}/x.png`],
      ['a trailing ..', (id: string) => `${id}/a/..`],
      ['%2e%2e', (id: string) => `${id}/%2e%2e/${id}/x.png`],
      ['%2E%2E', (id: string) => `${id}/a/%2E%2E/x.png`],
      ['.', (id: string) => `${id}/./x.png`],
      ['%2e', (id: string) => `${id}/%2e/x.png`],
    ])('%s: 400 to an upload and a removal, nothing stored', async (_name, pathOf) => {
      const path = pathOf(alice.user.id);
      const posted = await raw('POST', `/api/storage/user-content/${path}`, await solidPng(8, 8));
      expect(posted.status, posted.body).toBe(400);
      expect(JSON.parse(posted.body)).toEqual({
        error: expect.any(String),
        message: fileMessages.badPath,
      });
      expect(await storedPaths(alice.user.id)).toEqual([]);
      const removed = await raw('DELETE', `/api/storage/user-content/${path}`);
      expect(removed.status, removed.body).toBe(400);
    });

    it('a public URL with .. serves nothing', async () => {
      const file = await uploaded(alice, `${alice.user.id}/dots.png`);
      for (const path of [
        `/files/user-content/${alice.user.id}/a/../dots.png`,
        `/files/user-content/${alice.user.id}/%2e%2e/${alice.user.id}/dots.png`,
      ]) {
        const response = await raw('GET', path);
        expect([400, 404], `${path}: ${response.body}`).toContain(response.status);
        expect(JSON.parse(response.body)).toEqual({
          error: expect.any(String),
          message: expect.any(String),
        });
      }
      expect((await remove(alice, file.path)).statusCode).toBe(200);
    });
  });
});

describe('GET|HEAD /files/user-content/{path}', () => {
  let file: Uploaded;
  let bytes: Buffer;
  beforeAll(async () => {
    const alice = await signUp(t);
    file = await uploaded(alice, `${alice.user.id}/album/sunrise.jpg`, await jpegWithGps());
    bytes = (await fetchPublic(t, file.url)).rawPayload;
  });

  it('serves the file to anyone, with the headers that keep it a picture', async () => {
    const response = await fetchPublic(t, file.url);
    expect(response.statusCode).toBe(200);
    expect(isWebp(response.rawPayload)).toBe(true);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers.etag).toMatch(/^"[^"]+"$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe('inline; filename="sunrise.jpg"');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(Number(response.headers['content-length'])).toBe(file.size);
    // No session is asked for, and none is set.
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('answers 304 with no body to a matching If-None-Match, 200 to another', async () => {
    const etag = String((await fetchPublic(t, file.url)).headers.etag);
    const cached = await fetchPublic(t, file.url, { headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    expect(cached.headers.etag).toBe(etag);
    const stale = await fetchPublic(t, file.url, { headers: { 'if-none-match': '"not-it"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await fetchPublic(t, file.url, { method: 'HEAD' });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBe(0);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers.etag).toBe((await fetchPublic(t, file.url)).headers.etag);
  });

  it('answers 404 JSON for a file that is not there', async () => {
    const missing = file.url.replace('sunrise.jpg', 'sunset.jpg');
    const response = await fetchPublic(t, missing);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: expect.any(String) });
    expect((await fetchPublic(t, '/files/user-content/')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await fetchPublic(t, '/files/other-bucket/x.png')).statusCode).toBe(404);
  });
});

describe('DELETE /api/storage/user-content/{path}', () => {
  it('removes the file: 200 { path }, then 404 for the public URL and gone from the list', async () => {
    const alice = await signUp(t);
    const keep = await uploaded(alice, `${alice.user.id}/keep.png`);
    const gone = await uploaded(alice, `${alice.user.id}/gone.png`);
    const response = await remove(alice, gone.path);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ path: gone.path });
    expect((await fetchPublic(t, gone.url)).statusCode).toBe(404);
    expect(await listedNames(alice)).toEqual(['keep.png']);
    expect((await fetchPublic(t, keep.url)).statusCode).toBe(200);

    expectError(await remove(alice, gone.path), 404, fileMessages.notFound);
    expectError(await remove(alice, `${alice.user.id}/never.png`), 404, fileMessages.notFound);
  });

  it('answers 401 to a visitor and 403 to another site, removing nothing', async () => {
    const alice = await signUp(t);
    const file = await uploaded(alice, `${alice.user.id}/stays.png`);
    expect((await remove(undefined, file.path)).statusCode).toBe(401);
    const crossSite = await remove(alice, file.path, { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect((await fetchPublic(t, file.url)).statusCode).toBe(200);
  });
});

describe('GET /api/storage/user-content', () => {
  it('lists a folder by name ascending, whatever the order of upload', async () => {
    const alice = await signUp(t);
    const folder = `${alice.user.id}/list`;
    for (const name of ['c.webp', 'a.webp', 'b.webp']) await uploaded(alice, `${folder}/${name}`);
    await uploaded(alice, `${alice.user.id}/elsewhere.png`);

    const response = await list(alice, `?folder=${folder}`);
    expect(response.statusCode).toBe(200);
    const { items } = response.json<{ items: Listed[] }>();
    expect(items.map((item) => item.name)).toEqual(['a.webp', 'b.webp', 'c.webp']);
    expect(items[0]).toMatchObject({
      name: 'a.webp',
      path: `${folder}/a.webp`,
      size: expect.any(Number),
      content_type: 'image/webp',
      created_at: expect.any(String),
      url: `/files/user-content/${folder}/a.webp`,
    });
    expect(Number.isNaN(Date.parse(items[0]?.created_at ?? ''))).toBe(false);
  });

  it('sorts names byte by byte on both databases (digits, capitals, _, small letters)', async () => {
    const alice = await signUp(t);
    for (const name of ['b', 'B', '_x', 'a', '1', 'A-', 'a.b']) {
      await uploaded(alice, `${alice.user.id}/${name}`);
    }
    expect(await listedNames(alice)).toEqual(['1', 'A-', 'B', '_x', 'a', 'a.b', 'b']);
  });

  it("lists one's own files by default, nested ones with their sub-path", async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    await uploaded(alice, `${alice.user.id}/top.png`);
    await uploaded(alice, `${alice.user.id}/deep/er/file.png`);
    await uploaded(bob, `${bob.user.id}/bobs.png`);
    expect(await listedNames(alice)).toEqual(['deep/er/file.png', 'top.png']);
    expect(await listedNames(alice, `?folder=${alice.user.id}/deep`)).toEqual(['er/file.png']);
    expect(await listedNames(alice, `?folder=${alice.user.id}/nothing-here`)).toEqual([]);
    // A folder is a whole segment: 'to' is not a prefix of 'top.png'.
    expect(await listedNames(alice, `?folder=${alice.user.id}/to`)).toEqual([]);
    expect(await listedNames(bob)).toEqual(['bobs.png']);
  });

  it('pages with limit and offset', async () => {
    const alice = await signUp(t);
    for (const name of ['d', 'b', 'a', 'c', 'e']) await uploaded(alice, `${alice.user.id}/${name}`);
    expect(await listedNames(alice, '?limit=2')).toEqual(['a', 'b']);
    expect(await listedNames(alice, '?limit=2&offset=2')).toEqual(['c', 'd']);
    expect(await listedNames(alice, '?limit=2&offset=4')).toEqual(['e']);
    expect(await listedNames(alice, '?limit=2&offset=5')).toEqual([]);
    expect(await listedNames(alice, '?offset=3')).toEqual(['d', 'e']);
    expect(await listedNames(alice, `?limit=${fileLimits.listLimit}`)).toHaveLength(5);
    expect(await listedNames(alice)).toHaveLength(5);
  });

  it.each([
    ['limit=101', '?limit=101'],
    ['limit=0', '?limit=0'],
    ['a negative offset', '?offset=-1'],
    ['a limit that is not a number', '?limit=ten'],
    ['a fractional limit', '?limit=2.5'],
    ['an empty folder segment', '?folder=%USER%//x'],
    ['a folder with ..', '?folder=%USER%/../%USER%'],
  ])('refuses %s with 400', async (_name, query) => {
    const alice = await signUp(t);
    await uploaded(alice, `${alice.user.id}/one.png`);
    const response = await list(alice, query.replaceAll('%USER%', alice.user.id));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
  });

  it('answers 401 to a visitor', async () => {
    const response = await list(undefined);
    expect(response.statusCode).toBe(401);
  });
});

describe("another person's folder", () => {
  it('is refused with 403 for upload, removal and list, and their file stays', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const file = await uploaded(alice, `${alice.user.id}/private.png`, await solidPng(20, 20, red));
    const before = (await fetchPublic(t, file.url)).rawPayload;

    expectError(
      await upload(bob, `${alice.user.id}/planted.png`, await solidPng(8, 8)),
      403,
      fileMessages.notYours,
    );
    expectError(await upload(bob, file.path, await solidPng(8, 8)), 403, fileMessages.notYours);
    expectError(await remove(bob, file.path), 403, fileMessages.notYours);
    expectError(await list(bob, `?folder=${alice.user.id}`), 403, fileMessages.notYours);
    expectError(await list(bob, `?folder=${alice.user.id}/sub`), 403, fileMessages.notYours);

    expect(await storedPaths(alice.user.id)).toEqual([file.path]);
    expect(await storedPaths(bob.user.id)).toEqual([]);
    expect((await fetchPublic(t, file.url)).rawPayload.equals(before)).toBe(true);
  });
});

describe('the upload rate limit', () => {
  const limited = useTestApp({ rateLimits: { ...testRateLimits, uploadsPerMinute: 5 } });

  it('lets a person upload 5 pictures a minute, then answers 429, for them alone', async () => {
    const alice = await signUp(limited);
    const bob = await signUp(limited);
    const bytes = await solidPng(8, 8);
    const send = (account: SignedIn, name: string) =>
      browserRequest(limited, {
        method: 'POST',
        url: `/api/storage/user-content/${account.user.id}/${name}`,
        payload: bytes,
        headers: { 'content-type': 'application/octet-stream' },
        cookie: account.cookie,
      });
    for (let index = 0; index < 5; index += 1) {
      const response = await send(alice, `file-${index}`);
      expect(response.statusCode, response.body).toBe(201);
    }
    const sixth = await send(alice, 'file-5');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ error: 'RATE_LIMITED', message: fileMessages.rateLimited });
    // The profile picture shares the count.
    const picture = await putPicture(limited, alice, bytes);
    expect(picture.statusCode).toBe(429);
    expect(picture.json().message).toBe(fileMessages.rateLimited);
    // Another person is not held back.
    expect((await send(bob, 'file-0')).statusCode).toBe(201);
    expect((await putPicture(limited, bob, bytes)).statusCode).toBe(200);
    const rows = await limited.db
      .selectFrom('stored_files')
      .select('path')
      .where('user_id', '=', alice.user.id)
      .execute();
    expect(rows).toHaveLength(5);
  });
});
