import { describe, expect, it } from 'vitest';
import { createTranslations } from '#server/bible/translations.ts';
import { fixedClock } from '#server/clock.ts';
import { newRowId } from '#server/db/ids.ts';
import { dueRequests } from '#server/features/prayers/prayer-reminders.ts';
import { runReminderTick } from '#server/jobs/reminder-scheduler.ts';
import { prayerRequestSchema } from '#shared/schemas/prayers.ts';
import { sendingAs, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { queryPlan } from '#tests/api-support/query-plan.ts';
import { recordingPush } from '#tests/api-support/recording-push.ts';
import { sharedBible, useTestApp } from '#tests/api-support/test-app.ts';

// Sign-ups on Sunday 31 May 2026; 1 June is a Monday.
const clock = fixedClock(new Date('2026-05-31T12:00:00.000Z'));
const push = recordingPush();
const t = useTestApp({ clock, push });
const send = sendingAs(t);
const translations = createTranslations(sharedBible());

/** The server's clock moved to `at` (forward only: the tests run in order). */
const clockAt = (at: string) => clock.advance(Date.parse(at) - clock.now().getTime());
const tick = (at: string) => runReminderTick({ db: t.db, translations, push }, new Date(at));

async function member(timeZone: string): Promise<SignedIn> {
  const account = await signUp(t);
  // Only the prayer reminders: the daily ones off, in the person's own zone.
  const response = await send('PATCH', '/api/settings', account, {
    reminder_timezone: timeZone,
    journal_reminders: false,
    daily_verse_notifications: false,
  });
  expect(response.statusCode, response.body).toBe(200);
  return account;
}

async function addPrayer(account: SignedIn, payload: Record<string, unknown>) {
  const response = await send('POST', '/api/prayers', account, payload);
  expect(response.statusCode, response.body).toBe(201);
  return prayerRequestSchema.parse(response.json());
}

async function prayerReminders(account: SignedIn) {
  return t.db
    .selectFrom('notifications')
    .select(['local_date', 'type', 'title', 'message', 'link'])
    .where('user_id', '=', account.user.id)
    .where('type', 'like', 'prayer_reminder:%')
    .orderBy('local_date')
    .execute();
}

describe('prayer reminders', () => {
  it('come on the chosen days at the time where the person is, once a day, on the bell and the device', async () => {
    const hannah = await member('America/New_York');
    const anna = await addPrayer(hannah, {
      title: 'Healing',
      person: 'Anna',
      reminder_days: ['monday', 'thursday'],
      reminder_time: '07:30',
    });
    await addPrayer(hannah, { title: 'No reminder' });
    const answered = await addPrayer(hannah, {
      title: 'Answered already',
      reminder_days: ['monday'],
      reminder_time: '07:00',
    });
    clock.advance(60_000);
    expect(
      (await send('POST', `/api/prayers/${answered.id}/answered`, hannah, {})).statusCode,
    ).toBe(200);
    const other = await member('UTC');
    await addPrayer(other, { title: 'Theirs', reminder_days: ['sunday'], reminder_time: '08:00' });

    // 07:29 in New York on Monday: not yet.
    await tick('2026-06-01T11:29:00Z');
    expect(await prayerReminders(hannah)).toEqual([]);

    const reminder = {
      type: `prayer_reminder:${anna.id}`,
      title: 'Time to pray',
      message: 'Healing · for Anna',
      link: '/prayer',
    };
    await tick('2026-06-01T11:30:00Z');
    await tick('2026-06-01T11:31:00Z');
    await tick('2026-06-01T20:00:00Z');
    expect(await prayerReminders(hannah)).toEqual([{ local_date: '2026-06-01', ...reminder }]);
    expect(
      push.sentTo(hannah.user.id).filter((payload) => payload.type === reminder.type),
    ).toHaveLength(1);

    // Tuesday is not a chosen day; Thursday is.
    await tick('2026-06-02T11:30:00Z');
    await tick('2026-06-04T11:30:00Z');
    expect((await prayerReminders(hannah)).map((row) => row.local_date)).toEqual([
      '2026-06-01',
      '2026-06-04',
    ]);
    // Nobody else's request reminded Hannah, and theirs came on their own day only.
    expect(await prayerReminders(other)).toEqual([]);
  });

  it('stop once the reminder is taken off', async () => {
    const hannah = await member('UTC');
    const prayer = await addPrayer(hannah, {
      title: 'Work',
      reminder_days: ['monday', 'tuesday'],
      reminder_time: '07:00',
    });
    await tick('2026-06-01T07:00:00Z');
    const off = await send('PATCH', `/api/prayers/${prayer.id}`, hannah, {
      reminder_days: null,
      reminder_time: null,
    });
    expect(off.statusCode).toBe(200);
    await tick('2026-06-02T07:00:00Z');
    expect((await prayerReminders(hannah)).map((row) => row.local_date)).toEqual(['2026-06-01']);
  });
  it('come once when two instances tick at the same moment', async () => {
    const hannah = await member('UTC');
    const prayer = await addPrayer(hannah, {
      title: 'Peace',
      reminder_days: ['monday'],
      reminder_time: '06:00',
    });
    await Promise.all([tick('2026-06-01T06:00:00Z'), tick('2026-06-01T06:00:00Z')]);
    expect((await prayerReminders(hannah)).map((row) => row.local_date)).toEqual(['2026-06-01']);
    expect(
      push
        .sentTo(hannah.user.id)
        .filter((payload) => payload.type === `prayer_reminder:${prayer.id}`),
    ).toHaveLength(1);
  });

  it('start on the next chosen day when the time has passed today, and follow the person to a new time zone', async () => {
    // Added on Sunday 31 May at 12:00 UTC, for 08:00 every day: the first is Monday's.
    const hannah = await member('UTC');
    const prayer = await addPrayer(hannah, {
      title: 'Patience',
      reminder_days: ['sunday', 'monday', 'tuesday'],
      reminder_time: '08:00',
    });
    await tick('2026-05-31T12:01:00Z');
    expect(await prayerReminders(hannah)).toEqual([]);
    await tick('2026-06-01T08:00:00Z');
    expect((await prayerReminders(hannah)).map((row) => row.local_date)).toEqual(['2026-06-01']);

    // She moves to Tokyo (UTC+9) on Monday afternoon: Tuesday's comes at 08:00 there, which is
    // 23:00 on Monday in UTC, not at 08:00 UTC.
    clockAt('2026-06-01T14:00:00Z');
    const moved = await send('PATCH', '/api/settings', hannah, { reminder_timezone: 'Asia/Tokyo' });
    expect(moved.statusCode, moved.body).toBe(200);
    await tick('2026-06-01T22:59:00Z');
    expect(await prayerReminders(hannah)).toHaveLength(1);
    await tick('2026-06-01T23:00:00Z');
    expect((await prayerReminders(hannah)).map((row) => row.local_date)).toEqual([
      '2026-06-01',
      '2026-06-02',
    ]);
    const next = await t.db
      .selectFrom('prayer_requests')
      .select('reminder_next_at')
      .where('id', '=', prayer.id)
      .executeTakeFirstOrThrow();
    // Sunday 7 June, 08:00 in Tokyo.
    expect(new Date(next.reminder_next_at ?? '').toISOString()).toBe('2026-06-06T23:00:00.000Z');
  });

  it('stop while the prayer is answered and come again once it is back on the list', async () => {
    // Monday 1 June, 15:00 UTC (the clock stands where the test before left it, and moves on).
    clockAt('2026-06-01T15:00:00Z');
    const hannah = await member('UTC');
    const prayer = await addPrayer(hannah, {
      title: 'A home',
      reminder_days: ['tuesday', 'wednesday'],
      reminder_time: '07:00',
    });
    const answered = await send('POST', `/api/prayers/${prayer.id}/answered`, hannah, {});
    expect(answered.statusCode, answered.body).toBe(200);
    await tick('2026-06-02T07:00:00Z');
    expect(await prayerReminders(hannah)).toEqual([]);

    // Back on the list on Tuesday at 09:00: the next is Wednesday's, none the same morning.
    clockAt('2026-06-02T09:00:00Z');
    const reopened = await send('DELETE', `/api/prayers/${prayer.id}/answered`, hannah);
    expect(reopened.statusCode, reopened.body).toBe(200);
    await tick('2026-06-02T09:01:00Z');
    expect(await prayerReminders(hannah)).toEqual([]);
    await tick('2026-06-03T07:00:00Z');
    expect((await prayerReminders(hannah)).map((row) => row.local_date)).toEqual(['2026-06-03']);
  });

  it('reach every due request, 500 at a time, however many, and each once', async () => {
    const hannah = await member('UTC');
    // 1,200 requests of one person due at Friday 5 June, 06:00 UTC (written as the service would).
    const at = '2026-06-05T06:00:00.000Z';
    const rows = Array.from({ length: 1_200 }, (_, i) => ({
      id: newRowId(),
      user_id: hannah.user.id,
      title: `Request ${i + 1}`,
      details: null,
      person: null,
      verse_reference: null,
      reference_verse: null,
      reminder_days: ['friday' as const],
      reminder_time: '06:00',
      reminder_next_at: at,
      answered_on: null,
      answered_at: null,
      answer_note: null,
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
    }));
    for (let start = 0; start < rows.length; start += 200) {
      await t.db
        .insertInto('prayer_requests')
        .values(rows.slice(start, start + 200))
        .execute();
    }
    await tick('2026-06-05T06:00:00Z');
    await tick('2026-06-05T06:01:00Z');
    const sent = await prayerReminders(hannah);
    expect(sent).toHaveLength(1_200);
    expect(new Set(sent.map((row) => row.type)).size).toBe(1_200);
    // Every one moved on to the Friday after.
    const next = await t.db
      .selectFrom('prayer_requests')
      .select('reminder_next_at')
      .where('user_id', '=', hannah.user.id)
      .execute();
    expect(new Set(next.map((row) => new Date(row.reminder_next_at ?? '').toISOString()))).toEqual(
      new Set(['2026-06-12T06:00:00.000Z']),
    );
  });

  it('read the due requests straight off their index, without sorting', async () => {
    const plan = await queryPlan(t.db, t.dialect, dueRequests(t.db, '2026-06-01T07:00:00.000Z'));
    expect(plan).toMatch(/prayer_requests_reminder_next_idx/);
    expect(plan).not.toMatch(/temp b-tree|sort/i);
  });
});
