import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { lookAtOnce } from '#server/features/notifications/notifications.service.ts';
import { useMigrationTest } from '#tests/api-support/migration-test.ts';

const m = useMigrationTest();
const updated = '2026-03-01T09:30:00.000Z';

describe('migration 0024-daily-reminder-next', () => {
  it('makes everyone with a daily reminder on due for a look at once, and nobody else', async () => {
    const db = m.db();
    await m.migrateTo('0023-groups');

    const settings = async (journal: boolean, verse: boolean, reading: boolean) => {
      const userId = await m.addUser();
      await sql`insert into user_settings
                  (user_id, daily_verse_notifications, journal_reminders, plan_reminders,
                   reminder_days, updated_at)
                values (${userId}, ${verse}, ${journal}, ${reading},
                        ${JSON.stringify(['monday'])}, ${updated})`.execute(db);
      return userId;
    };
    const journal = await settings(true, false, false);
    const verse = await settings(false, true, false);
    const reading = await settings(false, false, true);
    const none = await settings(false, false, false);

    await m.migrateToLatest();

    const next = async (userId: string) =>
      (
        await db
          .selectFrom('user_settings')
          .select('reminder_next_at')
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).reminder_next_at;
    expect(await next(journal)).toBe(lookAtOnce);
    expect(await next(verse)).toBe(lookAtOnce);
    expect(await next(reading)).toBe(lookAtOnce);
    expect(await next(none)).toBeNull();

    // A row written later without the column (by hand, say) is looked at too.
    const later = await m.addUser();
    await sql`insert into user_settings (user_id, reminder_days, updated_at)
              values (${later}, ${JSON.stringify(['monday'])}, ${updated})`.execute(db);
    expect(await next(later)).toBe(lookAtOnce);
  });
});
