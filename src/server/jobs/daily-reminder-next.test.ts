import { TableNode, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTranslations } from '#server/bible/translations.ts';
import { fixedClock } from '#server/clock.ts';
import { lookAtOnce } from '#server/features/notifications/notifications.service.ts';
import { dueSettings, runReminderTick } from '#server/jobs/reminder-scheduler.ts';
import { sendingAs, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { queryPlan } from '#tests/api-support/query-plan.ts';
import { recordingPush } from '#tests/api-support/recording-push.ts';
import { dailyReminderNextAt } from '#tests/api-support/reminder-rows.ts';
import { sharedBible, useTestApp } from '#tests/api-support/test-app.ts';

// Sign-ups on Sunday 31 May 2026, at noon UTC. This file has a database of its own: the rows
// a tick reads are only this file's people.
const clock = fixedClock(new Date('2026-05-31T12:00:00.000Z'));
const push = recordingPush();
const t = useTestApp({ clock, push });
const send = sendingAs(t);
const translations = createTranslations(sharedBible());

/** user_settings rows read by the queries that select from that table, in total. */
function countingSettingsReads(): { plugin: KyselyPlugin; read: () => number } {
  const settingsQueries = new Set<QueryId>();
  let read = 0;
  const readsSettings = (node: RootOperationNode) =>
    node.kind === 'SelectQueryNode' &&
    (node.from?.froms ?? []).some(
      (from) => TableNode.is(from) && from.table.identifier.name === 'user_settings',
    );
  return {
    plugin: {
      transformQuery: ({ node, queryId }) => {
        if (readsSettings(node)) settingsQueries.add(queryId);
        return node;
      },
      transformResult: async ({ result, queryId }) => {
        if (settingsQueries.has(queryId)) read += result.rows.length;
        return result;
      },
    },
    read: () => read,
  };
}

/** A tick at `at`; how many user_settings rows it read and the [user, type, local date] sent. */
async function tick(at: string) {
  const counter = countingSettingsReads();
  const created = await runReminderTick(
    { db: t.db.withPlugin(counter.plugin), translations, push },
    new Date(at),
  );
  const sent = await t.db
    .selectFrom('notifications')
    .select(['user_id', 'type', 'local_date'])
    .where('id', 'in', created.length > 0 ? created.map((notification) => notification.id) : [''])
    .orderBy('user_id')
    .orderBy('type')
    .execute();
  return {
    read: counter.read(),
    sent: sent.map((row) => [row.user_id, row.type, row.local_date]),
  };
}

async function person(settings: Record<string, unknown>): Promise<SignedIn> {
  const account = await signUp(t);
  await changeSettings(account, settings);
  return account;
}

async function changeSettings(account: SignedIn, settings: Record<string, unknown>) {
  const response = await send('PATCH', '/api/settings', account, settings);
  expect(response.statusCode, response.body).toBe(200);
}

const nextDue = (account: SignedIn) => dailyReminderNextAt(t.db, account.user.id);

/** Every reminder off, so that people of earlier tests are not read by later ticks. */
async function quiet(...accounts: SignedIn[]) {
  for (const account of accounts) {
    await changeSettings(account, { journal_reminders: false, daily_verse_notifications: false });
  }
  await tick('2020-01-01T00:00:00Z');
}

const both = (account: SignedIn, localDate: string) => [
  [account.user.id, 'daily_verse', localDate],
  [account.user.id, 'journal_reminder', localDate],
];

describe('the daily reminders’ next moment (user_settings.reminder_next_at)', () => {
  it('is read by the tick for the people due alone, not for everyone with a reminder on', async () => {
    const nine = await person({ reminder_time: '09:00' });
    const ten = await person({ reminder_time: '10:00' });
    const eleven = await person({ reminder_time: '11:00' });
    // A change to the settings has the next tick look at the person, whenever that is.
    expect(await nextDue(nine)).toBe(lookAtOnce);

    // Monday 1 June, before any reminder time: each is read once and moved on to its time.
    expect(await tick('2026-06-01T08:00:00Z')).toEqual({ read: 3, sent: [] });
    expect(await nextDue(nine)).toBe('2026-06-01T09:00:00.000Z');
    expect(await nextDue(ten)).toBe('2026-06-01T10:00:00.000Z');
    expect(await nextDue(eleven)).toBe('2026-06-01T11:00:00.000Z');

    expect(await tick('2026-06-01T08:59:00Z')).toEqual({ read: 0, sent: [] });
    expect(await tick('2026-06-01T09:00:00Z')).toEqual({ read: 1, sent: both(nine, '2026-06-01') });
    expect(await nextDue(nine)).toBe('2026-06-02T09:00:00.000Z');
    expect(await tick('2026-06-01T09:01:00Z')).toEqual({ read: 0, sent: [] });
    // A late tick (the server was down at 10:00) still sends that day's, as before.
    expect(await tick('2026-06-01T11:30:00Z')).toEqual({
      read: 2,
      sent: [...both(ten, '2026-06-01'), ...both(eleven, '2026-06-01')].sort(),
    });
    expect(await tick('2026-06-01T23:59:00Z')).toEqual({ read: 0, sent: [] });
    await quiet(nine, ten, eleven);
  });

  it('brings two people in time zones far apart their reminders at their own local time', async () => {
    const tokyo = await person({ reminder_time: '07:00', reminder_timezone: 'Asia/Tokyo' });
    const newYork = await person({ reminder_time: '07:00', reminder_timezone: 'America/New_York' });
    // Monday 1 June 2026, 12:00 UTC: 21:00 in Tokyo and 08:00 in New York, both past 07:00, so
    // each gets the day's at once (a late tick catches up the same day).
    expect((await tick('2026-06-01T12:00:00Z')).sent).toEqual(
      [...both(tokyo, '2026-06-01'), ...both(newYork, '2026-06-01')].sort(),
    );
    // 07:00 on 2 June in Tokyo (JST, UTC+9) and in New York (EDT, UTC-4).
    expect(await nextDue(tokyo)).toBe('2026-06-01T22:00:00.000Z');
    expect(await nextDue(newYork)).toBe('2026-06-02T11:00:00.000Z');

    expect(await tick('2026-06-01T21:59:00Z')).toEqual({ read: 0, sent: [] });
    expect(await tick('2026-06-01T22:00:00Z')).toEqual({
      read: 1,
      sent: both(tokyo, '2026-06-02'),
    });
    expect(await tick('2026-06-02T10:59:00Z')).toEqual({ read: 0, sent: [] });
    expect(await tick('2026-06-02T11:00:00Z')).toEqual({
      read: 1,
      sent: both(newYork, '2026-06-02'),
    });
    await quiet(tokyo, newYork);
  });

  it('follows a new time, a new time zone and reminders turned off, each at the next tick', async () => {
    const account = await person({ reminder_time: '09:00' });
    await tick('2026-06-01T08:00:00Z');
    expect(await nextDue(account)).toBe('2026-06-01T09:00:00.000Z');

    // An earlier time, already past today: the next tick looks, and sends today's.
    await changeSettings(account, { reminder_time: '07:30' });
    expect(await nextDue(account)).toBe(lookAtOnce);
    expect((await tick('2026-06-01T08:01:00Z')).sent).toEqual(both(account, '2026-06-01'));
    expect(await nextDue(account)).toBe('2026-06-02T07:30:00.000Z');

    // 07:30 in Los Angeles (PDT, UTC-7) is 14:30 UTC.
    await changeSettings(account, { reminder_timezone: 'America/Los_Angeles' });
    expect(await nextDue(account)).toBe(lookAtOnce);
    expect(await tick('2026-06-01T09:00:00Z')).toEqual({ read: 1, sent: [] });
    // Today's were sent already (for 1 June, the same local date there).
    expect(await nextDue(account)).toBe('2026-06-01T14:30:00.000Z');

    // Only some days: Wednesday 3 June is the next.
    await changeSettings(account, { reminder_days: ['wednesday'] });
    await tick('2026-06-01T09:01:00Z');
    expect(await nextDue(account)).toBe('2026-06-03T14:30:00.000Z');

    // A change beside the schedule (the translation) leaves the moment as it is.
    await changeSettings(account, { translation: 'web' });
    expect(await nextDue(account)).toBe('2026-06-03T14:30:00.000Z');

    // Both off: the tick looks once more, then never reads the person again.
    await changeSettings(account, { journal_reminders: false, daily_verse_notifications: false });
    expect(await tick('2026-06-01T09:02:00Z')).toEqual({ read: 1, sent: [] });
    expect(await nextDue(account)).toBeNull();
    expect(await tick('2026-06-03T14:30:00Z')).toEqual({ read: 0, sent: [] });
  });

  it('follows the daily reading reminder’s own time and days', async () => {
    const account = await person({ journal_reminders: false, daily_verse_notifications: false });
    await tick('2026-06-01T08:00:00Z');
    expect(await nextDue(account)).toBeNull();
    const saved = await send('PUT', '/api/habit-reminder', account, {
      enabled: true,
      time: '06:15',
      days: ['tuesday'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await nextDue(account)).toBe(lookAtOnce);
    await tick('2026-06-01T08:01:00Z');
    expect(await nextDue(account)).toBe('2026-06-02T06:15:00.000Z');

    // With the journal reminder on again, the sooner of the two.
    await changeSettings(account, { journal_reminders: true, reminder_time: '20:00' });
    await tick('2026-06-01T08:02:00Z');
    expect(await nextDue(account)).toBe('2026-06-01T20:00:00.000Z');
    await quiet(account);
  });

  it.each([
    // London springs forward at 01:00 UTC on 28 March 2027: 09:00 is 09:00 UTC on the
    // Saturday, 08:00 UTC on the Sunday.
    ['Europe/London', '09:00', '2027-03-27T09:00:00Z', '2027-03-28T08:00:00.000Z', '2027-03-28'],
    // New York falls back at 06:00 UTC on 1 November 2026: 01:30 comes at 05:30 UTC (EDT) and
    // again at 06:30 UTC (EST); the next is 01:30 EST on 2 November.
    ['America/New_York', '01:30', '2026-11-01T05:30:00Z', '2026-11-02T06:30:00.000Z', '2026-11-02'],
  ])(
    'in %s, across the DST change, after a send moves on to the next day’s local time',
    async (timeZone, time, sentAt, next, nextDate) => {
      const account = await person({ reminder_time: time, reminder_timezone: timeZone });
      await tick(new Date(Date.parse(sentAt) - 60_000).toISOString());
      expect((await tick(sentAt)).sent).toHaveLength(2);
      expect(await nextDue(account)).toBe(next);
      // An hour later (in New York the repeated 01:30): not read, nothing sent.
      expect(await tick(new Date(Date.parse(sentAt) + 3_600_000).toISOString())).toEqual({
        read: 0,
        sent: [],
      });
      expect(await tick(new Date(Date.parse(next) - 60_000).toISOString())).toEqual({
        read: 0,
        sent: [],
      });
      expect(await tick(next)).toEqual({ read: 1, sent: both(account, nextDate) });
      await quiet(account);
    },
  );

  it('is read straight off its index, without sorting', async () => {
    for (const after of [null, { at: '2026-06-01T07:00:00.000Z', userId: 'a' }]) {
      const plan = await queryPlan(
        t.db,
        t.dialect,
        dueSettings(t.db, '2026-06-01T07:00:00.000Z', after, undefined),
      );
      expect(plan).toMatch(/user_settings_reminder_next_idx/);
      expect(plan).not.toMatch(/temp b-tree|sort/i);
    }
  });
});
