import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useMigrationTest } from '#tests/api-support/migration-test.ts';

const m = useMigrationTest();

function savedRow(userId: string, reference: string, createdAt: string, id = randomUUID()) {
  return {
    id,
    user_id: userId,
    text: `The words of ${reference}`,
    reference,
    theme: 'Bible Reading',
    emotion_tag: null,
    custom_note: `Saved at ${createdAt}`,
    created_at: createdAt,
  };
}

describe('migration 0008-saved-verse-once', () => {
  it('keeps the first save of each verse per person, then refuses another', async () => {
    const db = m.db();
    await m.migrateTo('0007-account-trust');

    const now = '2026-01-01T00:00:00.000Z';
    const [a, b] = [await m.addUser(), await m.addUser()];
    const tieIds = [
      '00000000-0000-7000-8000-000000000001',
      '00000000-0000-7000-8000-000000000002',
    ] as const;
    const rows = [
      savedRow(a, 'John 3:16', '2026-01-03T00:00:00.000Z'),
      savedRow(a, 'John 3:16', '2026-01-01T00:00:00.000Z'),
      savedRow(a, 'John 3:16', '2026-01-02T00:00:00.000Z'),
      savedRow(a, 'Psalms 23:1', '2026-01-05T00:00:00.000Z', tieIds[1]),
      savedRow(a, 'Psalms 23:1', '2026-01-05T00:00:00.000Z', tieIds[0]),
      savedRow(a, 'John 3:17', '2026-01-04T00:00:00.000Z'),
      savedRow(b, 'John 3:16', '2026-01-06T00:00:00.000Z'),
    ];
    await db.insertInto('saved_verses').values(rows).execute();

    expect(await m.migrateToLatest()).toContain('0008-saved-verse-once');

    const kept = await db
      .selectFrom('saved_verses')
      .select(['id', 'user_id', 'reference', 'custom_note'])
      .orderBy('user_id')
      .orderBy('reference')
      .execute();
    const expected = [rows[1], rows[4], rows[5], rows[6]].map((row) => ({
      id: row?.id,
      user_id: row?.user_id,
      reference: row?.reference,
      custom_note: row?.custom_note,
    }));
    const byOwnerAndReference = (x: { user_id?: string; reference?: string }) =>
      `${x.user_id === a ? 0 : 1} ${x.reference}`;
    expect(
      [...kept].sort((x, y) => byOwnerAndReference(x).localeCompare(byOwnerAndReference(y))),
    ).toEqual(
      [...expected].sort((x, y) => byOwnerAndReference(x).localeCompare(byOwnerAndReference(y))),
    );

    await expect(
      db
        .insertInto('saved_verses')
        .values(savedRow(a, 'John 3:16', now))
        .execute(),
    ).rejects.toThrow(/unique/i);
    await db
      .insertInto('saved_verses')
      .values(savedRow(b, 'John 3:17', now))
      .execute();
  });
});
