import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pictureQueue } from '#server/storage/safe-image.ts';
import { fileMessages } from '#shared/rules/files.ts';
import type { Profile } from '#shared/schemas/profile.ts';
import {
  browserRequest,
  sendingAs,
  sessionUser,
  signUp,
  type SignedIn,
} from '#tests/api-support/auth-helpers.ts';
import {
  blackPng,
  blue,
  expectColour,
  fetchPublic,
  gpsInfoTag,
  green,
  halves,
  heavyPng,
  heicPicture,
  isWebp,
  jpegWithComment,
  jpegWithExifText,
  jpegWithGps,
  longPng,
  meanColour,
  pngBomb,
  putPicture,
  red,
  smallPictureUrl,
  solidPng,
  truncatedJpeg,
  uploadPicture,
  wideWebp,
} from '#tests/api-support/fixtures/pictures.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';

/**
 * The profile picture (decision 017): PUT /api/profile/picture takes an image and an optional crop,
 * stores a 512 px and a 64 px square WebP under a random name in the pictures bucket (an address
 * that says nothing of whose it is), and names the 512 px one in the profile; a new picture
 * replaces the old; DELETE removes it.
 */
const t = useTestApp();
const send = sendingAs(t);

/** 128 random bits in base64url: 22 characters. */
const pictureUrlPattern = /^\/files\/pictures\/[A-Za-z0-9_-]{22}-512\.webp$/;

function removePicture(account: SignedIn | undefined, headers: Record<string, string> = {}) {
  return browserRequest(t, {
    method: 'DELETE',
    url: '/api/profile/picture',
    headers,
    ...(account ? { cookie: account.cookie } : {}),
  });
}

async function profileImageUrl(account: SignedIn): Promise<string | null> {
  const response = await send('GET', '/api/profile', account);
  expect(response.statusCode).toBe(200);
  return response.json<Profile>().profile_image_url;
}

/** The names of the person's picture files, from the database. */
async function profileFiles(account: SignedIn): Promise<string[]> {
  const rows = await t.db
    .selectFrom('stored_files')
    .select('path')
    .where('user_id', '=', account.user.id)
    .where('bucket', '=', 'pictures')
    .orderBy('path')
    .execute();
  return rows.map((row) => row.path);
}

/** The bytes of a served picture, which must be a WebP square of that size. */
async function servedSquare(url: string, size: number): Promise<Buffer> {
  const response = await fetchPublic(t, url);
  expect(response.statusCode, url).toBe(200);
  expect(response.headers['content-type']).toBe('image/webp');
  expect(isWebp(response.rawPayload)).toBe(true);
  const { width, height, format } = await sharp(response.rawPayload).metadata();
  expect({ width, height, format }).toEqual({ width: size, height: size, format: 'webp' });
  return response.rawPayload;
}

function expectRefused(response: LightMyRequestResponse, status: number, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ error: expect.any(String), message });
}

const left = { left: 0, top: 0, width: 0.4, height: 1 };
const right = { left: 0.6, top: 0, width: 0.4, height: 1 };
const top = { left: 0, top: 0, width: 1, height: 0.4 };
const bottom = { left: 0, top: 0.6, width: 1, height: 0.4 };

describe('PUT /api/profile/picture', () => {
  it('answers 200 with the profile naming a 512 px WebP, and a 64 px one beside it', async () => {
    const alice = await signUp(t, { display_name: 'Lydia' });
    const response = await putPicture(
      t,
      alice,
      await halves(300, 200, red, blue).jpeg().toBuffer(),
    );
    expect(response.statusCode, response.body).toBe(200);
    const profile = response.json<Profile>();
    expect(profile).toEqual({
      user_id: alice.user.id,
      email: alice.email,
      display_name: 'Lydia',
      profile_image_url: expect.stringMatching(pictureUrlPattern),
      updated_at: expect.any(String),
    });
    const url = profile.profile_image_url ?? '';
    await servedSquare(url, 512);
    await servedSquare(smallPictureUrl(url), 64);

    expect(await profileImageUrl(alice)).toBe(url);
    expect((await sessionUser(t, alice.cookie))?.profile_image_url).toBe(url);
    const fileName = url.split('/').at(-1) ?? '';
    expect(await profileFiles(alice)).toEqual([fileName, fileName.replace('-512', '-64')]);
  });

  it('cuts the crop it is given: the right half of a red | blue picture is blue', async () => {
    const alice = await signUp(t);
    const picture = await halves(200, 100, red, blue).png().toBuffer();
    const response = await putPicture(t, alice, picture, {
      left: 0.5,
      top: 0,
      width: 0.5,
      height: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    const url = response.json<Profile>().profile_image_url ?? '';
    for (const [address, size] of [
      [url, 512],
      [smallPictureUrl(url), 64],
    ] as const) {
      const bytes = await servedSquare(address, size);
      expectColour(await meanColour(bytes, { left: 0, top: 0, width: 1, height: 1 }), blue);
    }
  });

  it('makes a crop square and keeps it inside the picture', async () => {
    const alice = await signUp(t);
    const picture = await halves(200, 100, red, blue).png().toBuffer();
    // Wider than it is tall, and reaching past the right edge: the square at the right edge.
    const response = await putPicture(t, alice, picture, {
      left: 0.6,
      top: 0,
      width: 0.5,
      height: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    const bytes = await servedSquare(response.json<Profile>().profile_image_url ?? '', 512);
    expectColour(await meanColour(bytes, { left: 0, top: 0, width: 1, height: 1 }), blue);
  });

  it('takes the centre square when no crop is given', async () => {
    const alice = await signUp(t);
    const picture = await halves(200, 100, red, blue).png().toBuffer();
    const url = await uploadPicture(t, alice, picture);
    const bytes = await servedSquare(url, 512);
    expectColour(await meanColour(bytes, left), red);
    expectColour(await meanColour(bytes, right), blue);
  });

  it('turns a picture upright by its EXIF orientation before cropping', async () => {
    const alice = await signUp(t);
    // Stored 100 × 50, red | blue; orientation 6 says: turn it 90° clockwise to show it, so
    // it shows 50 × 100 with red above blue.
    const sideways = await halves(100, 50, red, blue)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);

    const centre = await servedSquare(await uploadPicture(t, alice, sideways), 512);
    expectColour(await meanColour(centre, top), red);
    expectColour(await meanColour(centre, bottom), blue);

    // The crop is in the upright picture's terms: its lower half is blue.
    const cropped = await putPicture(t, alice, sideways, {
      left: 0,
      top: 0.5,
      width: 1,
      height: 0.5,
    });
    expect(cropped.statusCode, cropped.body).toBe(200);
    const lower = await servedSquare(cropped.json<Profile>().profile_image_url ?? '', 512);
    expectColour(await meanColour(lower, { left: 0, top: 0, width: 1, height: 1 }), blue);
  });

  it('takes a HEIC and an AVIF', async () => {
    const alice = await signUp(t);
    const fromHeic = await servedSquare(await uploadPicture(t, alice, heicPicture()), 512);
    // The fixture is green | yellow, 96 × 64: its centre square is half each.
    expectColour(await meanColour(fromHeic, left), green);
    const avif = await halves(120, 60, red, blue).avif().toBuffer();
    const fromAvif = await servedSquare(await uploadPicture(t, alice, avif), 512);
    expectColour(await meanColour(fromAvif, left), red);
    expectColour(await meanColour(fromAvif, right), blue);
  });

  it('keeps no EXIF, XMP or ICC of the upload (a JPEG with GPS)', async () => {
    const alice = await signUp(t);
    const source = await jpegWithGps();
    expect((await sharp(source).metadata()).exif?.includes(gpsInfoTag)).toBe(true);
    const url = await uploadPicture(t, alice, source);
    for (const [address, size] of [
      [url, 512],
      [smallPictureUrl(url), 64],
    ] as const) {
      const metadata = await sharp(await servedSquare(address, size)).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
    }
  });

  it('replaces the old picture: its files are gone, only the new two are kept', async () => {
    const alice = await signUp(t);
    const first = await uploadPicture(t, alice, await solidPng(60, 60, red));
    const second = await uploadPicture(t, alice, await solidPng(60, 60, blue));
    expect(second).not.toBe(first);
    expect(second).toMatch(pictureUrlPattern);
    expect((await fetchPublic(t, first)).statusCode).toBe(404);
    expect((await fetchPublic(t, smallPictureUrl(first))).statusCode).toBe(404);
    const bytes = await servedSquare(second, 512);
    expectColour(await meanColour(bytes, { left: 0, top: 0, width: 1, height: 1 }), blue);
    const fileName = second.split('/').at(-1) ?? '';
    expect(await profileFiles(alice)).toEqual([fileName, fileName.replace('-512', '-64')]);
    expect((await sessionUser(t, alice.cookie))?.profile_image_url).toBe(second);
  });

  it.each([
    ['a negative value', { left: -0.1, top: 0, width: 0.5, height: 0.5 }],
    ['a value over 1', { left: 0, top: 0, width: 1.5, height: 1 }],
    ['NaN', { left: 'NaN', top: 0, width: 0.5, height: 0.5 }],
    ['Infinity', { left: 0, top: 0, width: 'Infinity', height: 0.5 }],
    ['text', { left: 'middle', top: 0, width: 0.5, height: 0.5 }],
    ['an empty value', { left: '', top: 0, width: 0.5, height: 0.5 }],
    ['only left and top', { left: 0.1, top: 0.1 }],
    ['three of the four', { left: 0, top: 0, width: 0.5 }],
    ['only height', { height: 0.5 }],
  ])('refuses a crop with %s (400) and keeps the picture it had', async (_name, crop) => {
    const alice = await signUp(t);
    const before = await uploadPicture(t, alice);
    const response = await putPicture(t, alice, await solidPng(60, 60, blue), crop);
    expectRefused(response, 400, fileMessages.badCrop);
    expect(await profileImageUrl(alice)).toBe(before);
    expect((await fetchPublic(t, before)).statusCode).toBe(200);
    expect(await profileFiles(alice)).toHaveLength(2);
  });

  // Each refused from what it is or its header alone, before the queue starts to decode it.
  it.each([
    [
      'an SVG',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
      415,
      fileMessages.unsupported,
    ],
    [
      'an HTML page',
      () => Buffer.from('<html><body>hi</body></html>'),
      415,
      fileMessages.unsupported,
    ],
    [
      'a file that starts like a JPEG',
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xdb]), Buffer.alloc(500, 7)]),
      415,
      fileMessages.unreadable,
    ],
    ['a 20,000 × 20,000 PNG', () => pngBomb(), 413, fileMessages.tooManyPixels],
    ['over 5 MB', () => Buffer.alloc(5 * 1024 * 1024 + 1, 0xff), 413, fileMessages.tooLarge],
    // Under the pixel cap, but one side longer than 12,000 px: seconds of decoding for 97 KB.
    ['a 1 × 50,000,000 PNG', () => longPng(), 413, fileMessages.tooLong],
    ['a 16,383 × 3,000 WebP', () => wideWebp(), 413, fileMessages.tooLong],
    ['a 3,000 × 16,383 PNG', () => blackPng(3_000, 16_383), 413, fileMessages.tooLong],
    ['an 11,000 × 1,000 PNG (11 : 1)', () => blackPng(11_000, 1_000), 413, fileMessages.tooThin],
    ['a 1,000 × 10,001 PNG', () => blackPng(1_000, 10_001), 413, fileMessages.tooThin],
  ])('refuses %s and keeps the picture it had', async (_name, make, status, message) => {
    const alice = await signUp(t);
    const before = await uploadPicture(t, alice);
    const decoded = pictureQueue.stats().started;
    expectRefused(await putPicture(t, alice, await make()), status, message);
    expect(pictureQueue.stats().started).toBe(decoded);
    expect(await profileImageUrl(alice)).toBe(before);
    expect(await profileFiles(alice)).toHaveLength(2);
  });

  it('refuses a JPEG cut short, whose frame header says 7,000 × 7,000 over 300 × 200', async () => {
    const alice = await signUp(t);
    const before = await uploadPicture(t, alice);
    expectRefused(await putPicture(t, alice, await truncatedJpeg()), 415, fileMessages.unreadable);
    expect(await profileImageUrl(alice)).toBe(before);
    expect(await profileFiles(alice)).toHaveLength(2);
  });

  it.each([
    ['10 : 1 (12,000 × 1,200)', 12_000, 1_200],
    ['1 : 10 (1,000 × 10,000)', 1_000, 10_000],
  ])('takes a picture at the limits, %s', async (_name, width, height) => {
    const alice = await signUp(t);
    await servedSquare(await uploadPicture(t, alice, blackPng(width, height)), 512);
  });

  // Markup a browser would act on, each in a JPEG's comment and in its EXIF (docs/product.md: a file
  // that is a picture and also a page is refused, though what is stored would be harmless).
  const markup = [
    '<svg/onload=alert(1)>',
    '<svg onload=alert(1)>',
    '<SVG\nonload=alert(1)>',
    '<img src=x onerror=alert(1)>',
    '<img onerror>',
    '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
    '<iframe src=https://evil.example/>',
    '<frame src=https://evil.example/>',
    '<object data=https://evil.example/>',
    '<embed src=https://evil.example/>',
    '<link rel=stylesheet href=https://evil.example/a.css>',
    '<style>body{background:url(https://evil.example/)}</style>',
    '<base href=https://evil.example/>',
    '<form action=https://evil.example/><button>Go</button></form>',
    '<input autofocus onfocus=alert(1)>',
    '<video src=x onerror=alert(1)>',
    '<audio src=x onerror=alert(1)>',
    '<details open ontoggle=alert(1)>',
    '<math><mtext><a href=javascript:alert(1)>x</a></mtext></math>',
    '<body onload=alert(1)>',
    '<html><p>hello</p></html>',
    '<script>alert(1)</script>',
    '<marquee onstart=alert(1)>',
    '<xss id=x tabindex=1 autofocus onfocus=alert(1)>',
    '<x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>',
    '<!DOCTYPE html><p>hello</p>',
    '<?xml-stylesheet type="text/xsl" href="https://evil.example/x.xsl"?>',
  ];
  it.each(
    markup.flatMap((text) => [
      ['a comment', text, jpegWithComment] as const,
      ['EXIF', text, jpegWithExifText] as const,
    ]),
  )('refuses a JPEG with markup in %s: %s', async (_where, text, make) => {
    const alice = await signUp(t);
    const bytes = await make(text);
    expect(bytes.includes(Buffer.from(text, 'latin1'))).toBe(true);
    const response = await putPicture(t, alice, bytes);
    if (response.statusCode === 200) {
      // Were it taken, no byte of it would be served: the stored files are drawn anew.
      const url = response.json<Profile>().profile_image_url ?? '';
      for (const address of [url, smallPictureUrl(url)]) {
        expect((await fetchPublic(t, address)).rawPayload.includes(text)).toBe(false);
      }
    }
    expectRefused(response, 415, fileMessages.unsupported);
    expect(await profileImageUrl(alice)).toBeNull();
  });

  it('takes a JPEG whose comment has brackets but no markup, and keeps none of it', async () => {
    const alice = await signUp(t);
    const text = 'Taken at <Sunrise Point> by Lydia; 2 < 3, <3 and a <b> here';
    const url = await uploadPicture(t, alice, await jpegWithComment(text));
    for (const [address, size] of [
      [url, 512],
      [smallPictureUrl(url), 64],
    ] as const) {
      const bytes = await servedSquare(address, size);
      for (const part of ['Sunrise', 'Lydia', '<b>']) expect(bytes.includes(part)).toBe(false);
    }
  });

  it('answers 401 to a visitor and 403 to another site, changing nothing', async () => {
    const alice = await signUp(t);
    const bytes = await solidPng(20, 20);
    const visitor = await putPicture(t, undefined, bytes);
    expect(visitor.statusCode).toBe(401);
    const crossSite = await browserRequest(t, {
      method: 'PUT',
      url: '/api/profile/picture',
      payload: bytes,
      cookie: alice.cookie,
      headers: { 'content-type': 'image/png', origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual({ error: 'FORBIDDEN', message: expect.any(String) });
    expect(await profileImageUrl(alice)).toBeNull();
    expect(await profileFiles(alice)).toEqual([]);
  });
});

describe('many pictures at once', () => {
  /** Waits until the picture queue holds what the test sent of one person's. */
  async function untilQueued(account: SignedIn, running: number, waiting: number) {
    await expect
      .poll(() => pictureQueue.of(account.user.id), { timeout: 10_000, interval: 5 })
      .toEqual({ running, waiting });
  }

  it("one person's heavy pictures do not keep another's small one waiting behind them", async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const heavy = heavyPng();
    const small = await halves(300, 200, red, blue).jpeg().toBuffer();
    const finished: string[] = [];
    const upload = (account: SignedIn, who: string, bytes: Buffer) =>
      putPicture(t, account, bytes).then((response) => {
        finished.push(who);
        return response;
      });
    const ofAlice = [1, 2, 3, 4].map((n) => upload(alice, `alice ${n}`, heavy));
    await untilQueued(alice, 2, 2);
    const ofBob = await upload(bob, 'bob', small);
    expect(ofBob.statusCode, ofBob.body).toBe(200);
    for (const response of await Promise.all(ofAlice)) {
      expect(response.statusCode, response.body).toBe(200);
    }
    // Bob's went in as soon as one of Alice's two running pictures was done: at most those two
    // finished before his, never the two she had waiting.
    expect(finished.indexOf('bob'), finished.join(', ')).toBeLessThanOrEqual(2);
  });

  it('answers 503 with Retry-After past what one person may have waiting, and keeps the rest', async () => {
    const alice = await signUp(t);
    const heavy = heavyPng();
    const responses = await Promise.all([1, 2, 3, 4, 5].map(() => putPicture(t, alice, heavy)));
    const refused = responses.filter((response) => response.statusCode === 503);
    expect(
      responses.map((response) => response.statusCode),
      responses.map((response) => response.body).join('\n'),
    ).toEqual(expect.arrayContaining([200, 200, 200, 200, 503]));
    expect(refused).toHaveLength(1);
    const [busy] = refused;
    expect(busy?.json()).toEqual({ error: 'SERVICE_UNAVAILABLE', message: fileMessages.busy });
    expect(Number(busy?.headers['retry-after'])).toBeGreaterThan(0);
    expect(busy?.headers['cache-control']).toBe('no-store');
    // One picture is kept: the last saved.
    expect(await profileFiles(alice)).toHaveLength(2);
  });
});

describe('DELETE /api/profile/picture', () => {
  it('removes the picture and its files, and may be repeated', async () => {
    const alice = await signUp(t, { display_name: 'Tabitha' });
    const url = await uploadPicture(t, alice);
    const response = await removePicture(alice);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      user_id: alice.user.id,
      email: alice.email,
      display_name: 'Tabitha',
      profile_image_url: null,
      updated_at: expect.any(String),
    });
    expect((await fetchPublic(t, url)).statusCode).toBe(404);
    expect((await fetchPublic(t, smallPictureUrl(url))).statusCode).toBe(404);
    expect(await profileFiles(alice)).toEqual([]);
    expect((await sessionUser(t, alice.cookie))?.profile_image_url).toBeNull();

    const again = await removePicture(alice);
    expect(again.statusCode).toBe(200);
    expect(again.json<Profile>().profile_image_url).toBeNull();
  });

  it("clears a picture that is not a stored file (Google's)", async () => {
    const alice = await signUp(t);
    await t.db
      .updateTable('profiles')
      .set({ profile_image_url: 'https://lh3.googleusercontent.com/a/alice.png' })
      .where('user_id', '=', alice.user.id)
      .execute();
    const response = await removePicture(alice);
    expect(response.statusCode).toBe(200);
    expect(response.json<Profile>().profile_image_url).toBeNull();
    expect(await profileImageUrl(alice)).toBeNull();
  });

  it('answers 401 to a visitor and 403 to another site, removing nothing', async () => {
    const alice = await signUp(t);
    const url = await uploadPicture(t, alice);
    expect((await removePicture(undefined)).statusCode).toBe(401);
    expect((await removePicture(alice, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect(await profileImageUrl(alice)).toBe(url);
    expect((await fetchPublic(t, url)).statusCode).toBe(200);
  });
});

describe('two people', () => {
  it("neither can remove or replace the other's picture", async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const ofAlice = await uploadPicture(t, alice, await solidPng(40, 40, red));
    const alicesFile = ofAlice.split('/').at(-1) ?? '';

    // Bob's own picture and its removal touch only Bob's.
    const ofBob = await uploadPicture(t, bob, await solidPng(40, 40, blue));
    expect(ofBob).toMatch(pictureUrlPattern);
    expect((await removePicture(bob)).statusCode).toBe(200);

    // The storage API will not let him at Alice's files either: not in her folder, and the
    // pictures bucket is not the storage API's at all.
    const overwrite = await browserRequest(t, {
      method: 'POST',
      url: `/api/storage/user-content/${alice.user.id}/profile/planted-512.webp`,
      payload: await solidPng(40, 40, blue),
      headers: { 'content-type': 'application/octet-stream' },
      cookie: bob.cookie,
    });
    expectRefused(overwrite, 403, fileMessages.notYours);
    const removal = await send('DELETE', `/api/storage/pictures/${alicesFile}`, bob);
    expect(removal.statusCode).toBe(404);

    expect(await profileImageUrl(alice)).toBe(ofAlice);
    const bytes = await servedSquare(ofAlice, 512);
    expectColour(await meanColour(bytes, { left: 0, top: 0, width: 1, height: 1 }), red);
    expect(await profileFiles(alice)).toHaveLength(2);
    expect(await profileImageUrl(bob)).toBeNull();
  });
});

describe('the pictures bucket', () => {
  it('serves a picture with the public headers, under a name that says nothing of its owner', async () => {
    const alice = await signUp(t);
    const url = await uploadPicture(t, alice);
    expect(url).toMatch(pictureUrlPattern);
    expect(url).not.toContain(alice.user.id);
    const name = url.split('/').at(-1) ?? '';
    const response = await fetchPublic(t, url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers.etag).toMatch(/^"[^"]+"$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe(`inline; filename="${name}"`);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(response.headers['set-cookie']).toBeUndefined();
    const cached = await fetchPublic(t, url, {
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);
    // Each picture's name is new and random: two people's, or one person's two, never alike.
    const again = await uploadPicture(t, alice);
    const bob = await signUp(t);
    const ofBob = await uploadPicture(t, bob);
    expect(new Set([url, again, ofBob]).size).toBe(3);
    expect((await fetchPublic(t, url.replace(/-512\.webp$/, '-128.webp'))).statusCode).toBe(404);
  });

  it('cannot be written, listed or removed through the storage API, even by its owner', async () => {
    const alice = await signUp(t);
    const url = await uploadPicture(t, alice);
    const name = url.split('/').at(-1) ?? '';
    const written = await browserRequest(t, {
      method: 'POST',
      url: `/api/storage/pictures/${name.replace('-512', '-1')}`,
      payload: await solidPng(40, 40, blue),
      headers: { 'content-type': 'application/octet-stream' },
      cookie: alice.cookie,
    });
    expect(written.statusCode).toBe(404);
    expect((await send('GET', '/api/storage/pictures', alice)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/storage/pictures/${name}`, alice)).statusCode).toBe(404);
    // Nor through the user-content bucket's list of her own folder.
    const listed = await send('GET', `/api/storage/user-content?folder=${alice.user.id}`, alice);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ items: [] });
    expect(await profileFiles(alice)).toEqual([name, name.replace('-512', '-64')]);
    expect((await fetchPublic(t, url)).statusCode).toBe(200);
  });
});

describe('the picture on testimonies', () => {
  async function approvedTestimony(account: SignedIn, isAnonymous: boolean): Promise<string> {
    const created = await send('POST', '/api/testimonies', account, {
      feeling: `Afraid (${isAnonymous ? 'anonymous' : 'named'})`,
      god_reminded: 'He is near.',
      is_anonymous: isAnonymous,
      ...(isAnonymous ? {} : { author_name: 'Lydia' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    await t.db
      .updateTable('testimonies')
      .set({ status: 'approved', is_approved: true, moderated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    return id;
  }

  async function authorImages(): Promise<Map<string, string | null>> {
    const response = await send('GET', '/api/testimonies?limit=100');
    expect(response.statusCode).toBe(200);
    const items = response.json<{ items: { id: string; author_image_url: string | null }[] }>()
      .items;
    return new Map(items.map((item) => [item.id, item.author_image_url]));
  }

  it('shows the author’s picture on a named testimony, never on an anonymous one', async () => {
    const alice = await signUp(t);
    const named = await approvedTestimony(alice, false);
    const anonymous = await approvedTestimony(alice, true);
    expect(await authorImages()).toEqual(
      new Map([
        [named, null],
        [anonymous, null],
      ]),
    );

    const url = await uploadPicture(t, alice);
    let images = await authorImages();
    expect(images.get(named)).toBe(url);
    expect(images.get(anonymous)).toBeNull();
    const wall = (await send('GET', '/api/testimonies?limit=100')).body;
    // The wall names no account: a picture's address is random, not its owner's folder.
    expect(wall).not.toContain(alice.user.id);

    // It follows the profile: a new picture, then none.
    const newer = await uploadPicture(t, alice, await solidPng(50, 50, blue));
    images = await authorImages();
    expect(images.get(named)).toBe(newer);
    expect(images.get(anonymous)).toBeNull();
    await removePicture(alice);
    expect((await authorImages()).get(named)).toBeNull();
  });

  it('gives a named testimony a picture address without its author’s id, and serves it', async () => {
    const alice = await signUp(t);
    const named = await approvedTestimony(alice, false);
    await uploadPicture(t, alice);
    const url = (await authorImages()).get(named) ?? '';
    expect(url).toMatch(pictureUrlPattern);
    expect(url).not.toContain(alice.user.id);
    await servedSquare(url, 512);
    await servedSquare(smallPictureUrl(url), 64);
  });
});
