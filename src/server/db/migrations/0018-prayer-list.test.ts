import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useMigrationTest } from '#tests/api-support/migration-test.ts';

const m = useMigrationTest();

const longPrayer = `Lord, ${'keep my mother safe on the road and heal her knee. '.repeat(3)}\nAmen.`;

describe('migration 0018-prayer-list', () => {
  it('carries every saved prayer into the prayer list, whole, and leaves the journal its own entries', async () => {
    const db = m.db();
    await m.migrateTo('0017-verse-notes');

    const [alice, bob] = [await m.addUser(), await m.addUser()];
    const entry = (
      userId: string,
      title: string | null,
      content: string,
      tags: string[],
      createdAt: string,
    ) =>
      db
        .insertInto('journal_entries')
        .values({
          id: randomUUID(),
          user_id: userId,
          title,
          content,
          emotion_tags: tags,
          verse_reference: null,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
    await entry(alice, 'Prayer Entry', longPrayer, ['prayer'], '2026-02-03T07:15:00.000Z');
    await entry(
      alice,
      'Prayer Entry',
      '\n  Thank you for this day.',
      ['prayer'],
      '2026-02-05T21:00:00.000Z',
    );
    // Not saved from /prayer: a journal entry of her own that mentions prayer, and one titled so.
    await entry(
      alice,
      'Morning',
      'I prayed on the walk.',
      ['prayer', 'Grateful'],
      '2026-02-04T06:00:00.000Z',
    );
    await entry(
      alice,
      'Prayer Entry',
      'Only a title alike.',
      ['Hopeful'],
      '2026-02-06T06:00:00.000Z',
    );
    await entry(bob, 'Prayer Entry', 'For the new job.', ['prayer'], '2026-03-01T12:00:00.000Z');

    await m.migrateToLatest();

    const requests = await db
      .selectFrom('prayer_requests')
      .selectAll()
      .orderBy('created_at')
      .execute();
    expect(
      requests.map(({ user_id, title, details, created_at, answered_at }) => ({
        user_id,
        title,
        details,
        created_at: new Date(created_at).toISOString(),
        answered_at,
      })),
    ).toEqual([
      {
        user_id: alice,
        title: longPrayer.split('\n')[0]!.slice(0, 120).trim(),
        details: longPrayer,
        created_at: '2026-02-03T07:15:00.000Z',
        answered_at: null,
      },
      {
        user_id: alice,
        title: 'Thank you for this day.',
        details: '\n  Thank you for this day.',
        created_at: '2026-02-05T21:00:00.000Z',
        answered_at: null,
      },
      {
        user_id: bob,
        title: 'For the new job.',
        details: 'For the new job.',
        created_at: '2026-03-01T12:00:00.000Z',
        answered_at: null,
      },
    ]);
    expect(requests[0]!.title).toHaveLength(120);
    // Time-ordered ids (decision 008): the id's first 48 bits are the prayer's own time.
    for (const request of requests) {
      expect(parseInt(request.id.replaceAll('-', '').slice(0, 12), 16)).toBe(
        Date.parse(new Date(request.created_at).toISOString()),
      );
    }

    const left = await db
      .selectFrom('journal_entries')
      .select(['user_id', 'title', 'content'])
      .orderBy('created_at')
      .execute();
    expect(left).toEqual([
      { user_id: alice, title: 'Morning', content: 'I prayed on the walk.' },
      { user_id: alice, title: 'Prayer Entry', content: 'Only a title alike.' },
    ]);
  });
});
