import { describe, expect, it } from 'vitest';
import { createTranslations } from '#server/bible/translations.ts';
import { fixedClock } from '#server/clock.ts';
import { runReminderTick } from '#server/jobs/reminder-scheduler.ts';
import { prayerRequestSchema } from '#shared/schemas/prayers.ts';
import { sendingAs, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { recordingPush } from '#tests/api-support/recording-push.ts';
import { sharedBible, useTestApp } from '#tests/api-support/test-app.ts';

// Sign-ups on Sunday 31 May 2026; 1 June is a Monday.
const clock = fixedClock(new Date('2026-05-31T12:00:00.000Z'));
const push = recordingPush();
const t = useTestApp({ clock, push });
const send = sendingAs(t);
const translations = createTranslations(sharedBible());

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
});
