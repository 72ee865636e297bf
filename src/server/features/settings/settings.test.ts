import { describe, expect, it } from 'vitest';
import { browserRequest, signUp } from '#tests/api-support/auth-helpers.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';

const t = useTestApp();

const defaults = {
  daily_verse_notifications: true,
  journal_reminders: true,
  dark_mode: false,
  reminder_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
  reminder_time: '09:00:00',
  reminder_timezone: 'UTC',
  translation: 'kjv',
  // Groups (decision 028): everything on until the person chooses otherwise.
  show_reading_to_groups: true,
  group_request_notifications: true,
  group_prayed_notifications: true,
  group_update_notifications: true,
  group_reading_notifications: true,
};

function getSettings(cookie?: string) {
  return browserRequest(t, { method: 'GET', url: '/api/settings', ...(cookie ? { cookie } : {}) });
}

function patchSettings(payload: unknown, cookie?: string) {
  return browserRequest(t, {
    method: 'PATCH',
    url: '/api/settings',
    payload: payload as Record<string, unknown>,
    ...(cookie ? { cookie } : {}),
  });
}

async function settingsRow(userId: string) {
  return t.db
    .selectFrom('user_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

describe('GET /api/settings', () => {
  it('returns the defaults for a new user', async () => {
    const account = await signUp(t);
    const response = await getSettings(account.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user_id: account.user.id,
      ...defaults,
      updated_at: expect.any(String),
    });
  });

  it('answers 401 without a session', async () => {
    const response = await getSettings();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String) });
  });
});

describe('PATCH /api/settings', () => {
  it('changes only the fields sent', async () => {
    const account = await signUp(t);
    const response = await patchSettings({ dark_mode: true }, account.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...defaults, dark_mode: true });

    const next = await patchSettings(
      { journal_reminders: false, reminder_timezone: 'Europe/London' },
      account.cookie,
    );
    expect(next.json()).toMatchObject({
      ...defaults,
      dark_mode: true,
      journal_reminders: false,
      reminder_timezone: 'Europe/London',
    });
    expect((await getSettings(account.cookie)).json()).toMatchObject({
      ...defaults,
      dark_mode: true,
      journal_reminders: false,
      reminder_timezone: 'Europe/London',
    });
  });

  it('keeps the translation the person reads in', async () => {
    const account = await signUp(t);
    const response = await patchSettings({ translation: 'web' }, account.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...defaults, translation: 'web' });
    expect((await settingsRow(account.user.id)).translation).toBe('web');
    expect((await getSettings(account.cookie)).json().translation).toBe('web');
    const asv = await patchSettings({ translation: 'asv', dark_mode: true }, account.cookie);
    expect(asv.json()).toMatchObject({ translation: 'asv', dark_mode: true });
    const other = await signUp(t);
    expect((await getSettings(other.cookie)).json().translation).toBe('kjv');
  });

  it('accepts a legacy time zone name and keeps it under its current IANA name', async () => {
    const account = await signUp(t);
    const response = await patchSettings({ reminder_timezone: 'Europe/Kiev' }, account.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().reminder_timezone).toBe('Europe/Kyiv');
    expect((await settingsRow(account.user.id)).reminder_timezone).toBe('Europe/Kyiv');
    const current = await patchSettings({ reminder_timezone: 'Asia/Kolkata' }, account.cookie);
    expect(current.json().reminder_timezone).toBe('Asia/Kolkata');
  });

  it("stores a reminder time of '07:30' as '07:30:00'", async () => {
    const account = await signUp(t);
    const response = await patchSettings({ reminder_time: '07:30' }, account.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().reminder_time).toBe('07:30:00');
    expect((await settingsRow(account.user.id)).reminder_time).toBe('07:30:00');
  });

  it('stores reminder days in weekday order, each once, and accepts none', async () => {
    const account = await signUp(t);
    const response = await patchSettings(
      { reminder_days: ['sunday', 'wednesday', 'monday', 'wednesday'] },
      account.cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().reminder_days).toEqual(['monday', 'wednesday', 'sunday']);
    expect((await settingsRow(account.user.id)).reminder_days).toEqual([
      'monday',
      'wednesday',
      'sunday',
    ]);
    const none = await patchSettings({ reminder_days: [] }, account.cookie);
    expect(none.json().reminder_days).toEqual([]);
  });

  it.each([
    ['an unknown time zone', { reminder_timezone: 'Mars/Olympus' }, /time zone/],
    ['an unknown day', { reminder_days: ['monday', 'funday'] }, /weekday/],
    ['a capitalised day', { reminder_days: ['Monday'] }, /weekday/],
    ['a time that is not HH:MM', { reminder_time: '25:00' }, /HH:MM/],
    ['a switch that is not true or false', { dark_mode: 'yes' }, /dark_mode/],
    [
      'a translation we do not have',
      { translation: 'niv' },
      /^translation: Choose kjv, web or asv\.$/,
    ],
    [
      'a translation in capitals',
      { translation: 'WEB' },
      /^translation: Choose kjv, web or asv\.$/,
    ],
    ['a prototype name as translation', { translation: '__proto__' }, /^translation: Choose/],
    ['a translation that is not a string', { translation: ['web'] }, /^translation: Choose/],
    ['an empty body', {}, /nothing to update/i],
    ['only fields that cannot be set', { user_id: 'someone-else' }, /nothing to update/i],
  ])('refuses %s with 400 and changes nothing', async (_, payload, message) => {
    const account = await signUp(t);
    const before = await settingsRow(account.user.id);
    const response = await patchSettings(payload, account.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    expect(response.json().message).toMatch(message);
    expect(await settingsRow(account.user.id)).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    const response = await patchSettings({ dark_mode: true });
    expect(response.statusCode).toBe(401);
  });
});

describe('two users', () => {
  it("B never sees or changes A's settings", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await patchSettings({ reminder_time: '06:15', dark_mode: true }, a.cookie);
    const before = await settingsRow(a.user.id);

    const seenByB = await getSettings(b.cookie);
    expect(seenByB.json()).toMatchObject({ user_id: b.user.id, ...defaults });

    const patched = await patchSettings(
      { user_id: a.user.id, reminder_timezone: 'Asia/Tokyo', dark_mode: false },
      b.cookie,
    );
    expect(patched.statusCode).toBe(200);
    expect(patched.json().user_id).toBe(b.user.id);
    expect(await settingsRow(a.user.id)).toEqual(before);
    expect(await settingsRow(b.user.id)).toMatchObject({
      reminder_timezone: 'Asia/Tokyo',
      dark_mode: false,
    });
  });
});

describe('the groups settings', () => {
  it('turn off one by one and are refused unless true or false', async () => {
    const account = await signUp(t);
    const off = await patchSettings({ show_reading_to_groups: false }, account.cookie);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ ...defaults, show_reading_to_groups: false });
    const bad = await patchSettings({ group_prayed_notifications: 'no' }, account.cookie);
    expect(bad.statusCode).toBe(400);
    expect((await getSettings(account.cookie)).json()).toMatchObject({
      show_reading_to_groups: false,
      group_prayed_notifications: true,
    });
  });
});
