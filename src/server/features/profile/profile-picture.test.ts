import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fileMessages } from '../../../shared/rules/files.ts';
import type { Profile } from '../../../shared/schemas/profile.ts';
import {
  browserRequest,
  sendingAs,
  sessionUser,
  signUp,
  type SignedIn,
} from '../../../../tests/api-support/auth-helpers.ts';
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
  smallPictureUrl,
  solidPng,
  uploadPicture,
} from '../../../../tests/api-support/fixtures/pictures.ts';
import { useTestApp } from '../../../../tests/api-support/test-app.ts';

/**
 * The profile picture (issue 27): PUT /api/profile/picture takes an image and an optional crop,
 * stores a 512 px and a 64 px square WebP in the person's own folder, and names the 512 px one
 * in the profile; a new picture replaces the old; DELETE removes it.
 */
const t = useTestApp();
const send = sendingAs(t);

function pictureUrlPattern(userId: string): RegExp {
  return new RegExp(`^/files/user-content/${userId}/profile/[A-Za-z0-9_-]+-512\\.webp$`);
}

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

/** The names in the person's profile folder, from the storage API's list. */
async function profileFiles(account: SignedIn): Promise<string[]> {
  const response = await send(
    'GET',
    `/api/storage/user-content?folder=${account.user.id}/profile`,
    account,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: { name: string }[] }>().items.map((item) => item.name);
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
      profile_image_url: expect.stringMatching(pictureUrlPattern(alice.user.id)),
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
    expect(second).toMatch(pictureUrlPattern(alice.user.id));
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
  ])('refuses %s and keeps the picture it had', async (_name, make, status, message) => {
    const alice = await signUp(t);
    const before = await uploadPicture(t, alice);
    expectRefused(await putPicture(t, alice, make()), status, message);
    expect(await profileImageUrl(alice)).toBe(before);
    expect(await profileFiles(alice)).toHaveLength(2);
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
    const alicesFile = ofAlice.replace(/^\/files\/user-content\//, '');

    // Bob's own picture and its removal touch only Bob's.
    const ofBob = await uploadPicture(t, bob, await solidPng(40, 40, blue));
    expect(ofBob).toMatch(pictureUrlPattern(bob.user.id));
    expect((await removePicture(bob)).statusCode).toBe(200);

    // The storage API will not let him at Alice's files either.
    const overwrite = await browserRequest(t, {
      method: 'POST',
      url: `/api/storage/user-content/${alice.user.id}/profile/planted-512.webp`,
      payload: await solidPng(40, 40, blue),
      headers: { 'content-type': 'application/octet-stream' },
      cookie: bob.cookie,
    });
    expectRefused(overwrite, 403, fileMessages.notYours);
    const removal = await send('DELETE', `/api/storage/user-content/${alicesFile}`, bob);
    expectRefused(removal, 403, fileMessages.notYours);

    expect(await profileImageUrl(alice)).toBe(ofAlice);
    const bytes = await servedSquare(ofAlice, 512);
    expectColour(await meanColour(bytes, { left: 0, top: 0, width: 1, height: 1 }), red);
    expect(await profileFiles(alice)).toHaveLength(2);
    expect(await profileImageUrl(bob)).toBeNull();
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
    expect(wall.split(alice.user.id)).toHaveLength(2);

    // It follows the profile: a new picture, then none.
    const newer = await uploadPicture(t, alice, await solidPng(50, 50, blue));
    images = await authorImages();
    expect(images.get(named)).toBe(newer);
    expect(images.get(anonymous)).toBeNull();
    await removePicture(alice);
    expect((await authorImages()).get(named)).toBeNull();
  });
});
