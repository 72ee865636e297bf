import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useMigrationTest } from '#tests/api-support/migration-test.ts';

const m = useMigrationTest();

const now = '2026-11-27T00:00:00.000Z';

function file(userId: string, path: string, bucket = 'user-content') {
  const data = Buffer.from(`the bytes of ${bucket}/${path}`);
  return {
    bucket,
    path,
    user_id: userId,
    content_type: 'image/webp',
    size: data.length,
    etag: `"${createHash('sha256').update(data).digest('base64url').slice(0, 32)}"`,
    data,
    created_at: now,
  };
}

describe('migration 0015-opaque-picture-addresses', () => {
  it("moves each profile's picture to a random name in the pictures bucket, and nothing else", async () => {
    const db = m.db();
    await m.migrateTo('0014-sign-in-methods');

    const ids: string[] = [];
    for (let n = 0; n < 5; n += 1) ids.push(await m.addUser());
    const [alice, bob, carol, dave, erin] = ids;
    const oldUrl = (userId: string, name: string) =>
      `/files/user-content/${userId}/profile/${name}-512.webp`;
    const aliceName = '01a22008-462a-74a4-8971-e596217afc21';
    const bobName = '01a22008-4c49-71a6-a54d-3ad813327edb';
    const pictureOf: Record<string, string | null> = {
      [alice!]: oldUrl(alice!, aliceName),
      [bob!]: oldUrl(bob!, bobName),
      // A Google picture and none, kept as they are; one whose files are gone, cleared.
      [carol!]: 'https://lh3.googleusercontent.com/a/carol.png',
      [dave!]: null,
      [erin!]: oldUrl(erin!, 'gone'),
    };
    for (const id of ids) {
      await db
        .insertInto('profiles')
        .values({
          user_id: id,
          email: `${id}@example.com`,
          display_name: 'Someone',
          profile_image_url: pictureOf[id] ?? null,
          updated_at: now,
        })
        .execute();
    }
    const files = [
      file(alice!, `${alice}/profile/${aliceName}-512.webp`),
      file(alice!, `${alice}/profile/${aliceName}-64.webp`),
      // Alice's own files, through the storage API: in her profile folder too.
      file(alice!, `${alice}/profile/notes.png`),
      file(alice!, `${alice}/album/sunrise.jpg`),
      file(bob!, `${bob}/profile/${bobName}-512.webp`),
      file(bob!, `${bob}/profile/${bobName}-64.webp`),
    ];
    await db.insertInto('stored_files').values(files).execute();

    expect(await m.migrateToLatest()).toContain('0015-opaque-picture-addresses');

    const profiles = new Map(
      (await db.selectFrom('profiles').select(['user_id', 'profile_image_url']).execute()).map(
        (row) => [row.user_id, row.profile_image_url],
      ),
    );
    const moved = /^\/files\/pictures\/([A-Za-z0-9_-]{22})-512\.webp$/;
    const newName = (userId: string) => moved.exec(profiles.get(userId) ?? '')?.[1] ?? '';
    expect(profiles.get(alice!)).toMatch(moved);
    expect(profiles.get(bob!)).toMatch(moved);
    expect(newName(alice!)).not.toBe(newName(bob!));
    for (const id of [carol!, dave!]) expect(profiles.get(id)).toBe(pictureOf[id]);
    expect(profiles.get(erin!)).toBeNull();
    for (const url of profiles.values()) {
      for (const id of ids) expect(url ?? '').not.toContain(id);
    }

    const stored = await db
      .selectFrom('stored_files')
      .selectAll()
      .orderBy('bucket')
      .orderBy('path')
      .execute();
    const byOld = (path: string) => files.find((each) => each.path === path);
    const expected = [
      ...[alice!, bob!].flatMap((id) => {
        const old = id === alice ? aliceName : bobName;
        return [512, 64].map((size) => ({
          ...byOld(`${id}/profile/${old}-${size}.webp`),
          bucket: 'pictures',
          path: `${newName(id)}-${size}.webp`,
        }));
      }),
      file(alice!, `${alice}/album/sunrise.jpg`),
      file(alice!, `${alice}/profile/notes.png`),
    ];
    const comparable = (row: (typeof stored)[number] | (typeof expected)[number]) => ({
      ...row,
      data: Buffer.from(row.data ?? []).toString('latin1'),
    });
    const sortKey = (row: { bucket?: string; path?: string }) => `${row.bucket} ${row.path}`;
    expect(stored.map(comparable).sort((x, y) => sortKey(x).localeCompare(sortKey(y)))).toEqual(
      expected.map(comparable).sort((x, y) => sortKey(x).localeCompare(sortKey(y))),
    );
  });
});
