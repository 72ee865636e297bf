import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sessionCookieName } from '../../security/sessions.ts';
import { hashToken, randomToken } from '../../security/tokens.ts';
import type { Db } from '../../db/connect.ts';
import { userOwnedTables } from '../../db/types.ts';
import {
  browserRequest,
  insertSession,
  sessionUser,
  signIn,
  signUp,
  uniqueEmail,
  type SignedIn,
} from '../../../../tests/api-support/auth-helpers.ts';
import { responseCookie } from '../../../../tests/api-support/cookie-jar.ts';
import { useTestApp } from '../../../../tests/api-support/test-app.ts';

const t = useTestApp();

/**
 * One row in each table of the user's own content, each carrying `marker` in a text field, so
 * that an export can be searched for another user's marker.
 */
async function seedContent(db: Db, userId: string, marker: string) {
  const now = new Date().toISOString();
  const rows = {
    saved_verses: {
      id: randomUUID(),
      user_id: userId,
      text: `The LORD is my shepherd (${marker})`,
      reference: 'Psalm 23:1',
      theme: 'peace',
      emotion_tag: 'anxious',
      custom_note: `note ${marker}`,
      translation: 'web' as const,
      created_at: now,
    },
    journal_entries: {
      id: randomUUID(),
      user_id: userId,
      title: `Morning ${marker}`,
      content: `Grateful today ${marker}`,
      emotion_tags: ['grateful', 'peaceful'],
      verse_reference: 'John 3:16',
      created_at: now,
      updated_at: now,
    },
    testimonies: {
      id: randomUUID(),
      user_id: userId,
      feeling: `anxious ${marker}`,
      god_reminded: 'that He is near',
      author_name: null,
      is_anonymous: true,
      is_approved: false,
      status: 'pending',
      moderated_at: null,
      created_at: now,
    },
    bookmarked_chapters: {
      id: randomUUID(),
      user_id: userId,
      book_name: 'Ruth',
      chapter_number: 1,
      created_at: now,
    },
    reading_progress: {
      id: randomUUID(),
      user_id: userId,
      book_name: 'Genesis',
      chapter_number: 1,
      reading_time_seconds: 300,
      completed_at: now,
      updated_at: now,
    },
    reading_plans: {
      id: randomUUID(),
      user_id: userId,
      is_active: true,
      current_book_index: 0,
      current_chapter: 2,
      created_at: now,
      updated_at: now,
    },
    verse_highlights: {
      id: randomUUID(),
      user_id: userId,
      book_name: 'Psalms',
      chapter_number: 23,
      verse_number: 4,
      created_at: now,
    },
    notifications: {
      id: randomUUID(),
      user_id: userId,
      type: 'daily_verse',
      title: 'Verse of the day',
      message: `Psalm 23:1 ${marker}`,
      link: '/verse-of-day',
      local_date: '2026-06-01',
      is_read: false,
      created_at: now,
    },
    push_subscriptions: {
      id: randomUUID(),
      user_id: userId,
      endpoint: `https://push.example.com/send/${marker}`,
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA',
      auth: 'tBHItJI5svbpez7KI4CCXg',
      created_at: now,
    },
  };
  await db.insertInto('saved_verses').values(rows.saved_verses).execute();
  await db.insertInto('journal_entries').values(rows.journal_entries).execute();
  await db.insertInto('testimonies').values(rows.testimonies).execute();
  await db.insertInto('bookmarked_chapters').values(rows.bookmarked_chapters).execute();
  await db.insertInto('reading_progress').values(rows.reading_progress).execute();
  await db.insertInto('reading_plans').values(rows.reading_plans).execute();
  await db.insertInto('notifications').values(rows.notifications).execute();
  await db.insertInto('verse_highlights').values(rows.verse_highlights).execute();
  await db.insertInto('push_subscriptions').values(rows.push_subscriptions).execute();
  return { ...rows, ...(await seedHabits(db, userId, marker)) };
}

/** A plan made from a feeling and followed with a reading ticked, a streak day, a verse learned. */
async function seedHabits(db: Db, userId: string, marker: string) {
  const now = new Date().toISOString();
  const rows = {
    custom_plans: {
      id: randomUUID(),
      user_id: userId,
      title: `7 days for when you are anxious ${marker}`,
      description: 'Peace for a worried heart.',
      mood: 'anxious',
      plan_days: [
        {
          day: 1,
          readings: [{ book_index: 18, chapter: 23, verses: null, label: 'Psalm 23' }],
          prompt: 'What are you carrying today?',
          focus: 'Psalm 23:1',
        },
      ],
      created_at: now,
    },
    plan_enrollments: {
      id: randomUUID(),
      user_id: userId,
      plan_id: 'gospels-30',
      status: 'active' as const,
      start_date: '2026-06-01',
      paused_on: null,
      schedule: null,
      finished_at: null,
      created_at: now,
      updated_at: now,
    },
    streak_days: {
      user_id: userId,
      local_date: '2026-06-01',
      kinds: ['plan' as const, 'journal' as const],
      updated_at: now,
    },
    memory_cards: {
      id: randomUUID(),
      user_id: userId,
      reference: 'Psalm 23:1',
      translation: 'kjv' as const,
      due: now,
      stability: 0,
      difficulty: 0,
      elapsed_days: 0,
      scheduled_days: 0,
      learning_steps: 0,
      reps: 0,
      lapses: 0,
      state: 0,
      last_review: null,
      created_at: now,
      updated_at: now,
    },
  };
  const mark = {
    enrollment_id: rows.plan_enrollments.id,
    user_id: userId,
    day: 1,
    reading: 0,
    done_at: now,
  };
  await db.insertInto('custom_plans').values(rows.custom_plans).execute();
  await db.insertInto('plan_enrollments').values(rows.plan_enrollments).execute();
  await db.insertInto('plan_reading_marks').values(mark).execute();
  await db.insertInto('streak_days').values(rows.streak_days).execute();
  await db.insertInto('memory_cards').values(rows.memory_cards).execute();
  return { ...rows, plan_reading_marks: mark };
}

/** A pending reset token, as a reset request would leave; returns the raw token. */
async function seedResetToken(db: Db, userId: string): Promise<string> {
  const token = randomToken();
  const now = new Date();
  await db
    .insertInto('password_reset_tokens')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

async function rowCounts(userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of userOwnedTables) {
    const rows = await t.db
      .selectFrom(table)
      .select('user_id')
      .where('user_id', '=', userId)
      .execute();
    counts[table] = rows.length;
  }
  const users = await t.db.selectFrom('users').select('id').where('id', '=', userId).execute();
  counts.users = users.length;
  return counts;
}

function exportData(cookie?: string) {
  return browserRequest(t, {
    method: 'GET',
    url: '/api/account/export',
    ...(cookie ? { cookie } : {}),
  });
}

function deleteAccount(payload: Record<string, unknown> | undefined, cookie?: string) {
  return browserRequest(t, {
    method: 'DELETE',
    url: '/api/account',
    ...(payload ? { payload } : {}),
    ...(cookie ? { cookie } : {}),
  });
}

/** A person who signed up with Google and never set a password, written straight to the db. */
async function insertGoogleOnlyUser(): Promise<{ userId: string; email: string; cookie: string }> {
  const userId = randomUUID();
  const email = uniqueEmail('google-only');
  const now = new Date().toISOString();
  await t.db
    .insertInto('users')
    .values({ id: userId, email, email_verified: true, created_at: now, updated_at: now })
    .execute();
  await t.db
    .insertInto('oauth_accounts')
    .values({
      provider: 'google',
      provider_user_id: `sub-${userId}`,
      user_id: userId,
      created_at: now,
    })
    .execute();
  await t.db
    .insertInto('profiles')
    .values({
      user_id: userId,
      email,
      display_name: 'Dorcas',
      profile_image_url: null,
      updated_at: now,
    })
    .execute();
  return { userId, email, cookie: await insertSession(t, userId) };
}

describe('GET /api/account/export', () => {
  it("downloads the person's data as a JSON attachment", async () => {
    const account = await signUp(t, { display_name: 'Lois' });
    const seeded = await seedContent(t.db, account.user.id, 'LOIS-MARK');
    await browserRequest(t, {
      method: 'PATCH',
      url: '/api/settings',
      cookie: account.cookie,
      payload: { reminder_time: '06:45', translation: 'asv' },
    });

    const response = await exportData(account.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="grounded-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');

    const data = response.json();
    expect(data.account).toMatchObject({ id: account.user.id, email: account.email });
    expect(data.profiles).toEqual([
      expect.objectContaining({ user_id: account.user.id, display_name: 'Lois' }),
    ]);
    expect(data.user_settings).toEqual([
      expect.objectContaining({
        user_id: account.user.id,
        reminder_time: '06:45:00',
        reminder_days: expect.arrayContaining(['monday', 'sunday']),
        dark_mode: false,
        translation: 'asv',
      }),
    ]);
    // Push subscriptions are withheld like the other secrets (next test).
    const {
      notifications: seededNotification,
      push_subscriptions: _withheld,
      ...seededOnce
    } = seeded;
    for (const [table, row] of Object.entries(seededOnce)) {
      expect({ table, rows: data[table] }).toEqual({ table, rows: [row] });
    }
    // Besides the seeded one, the journal reminder every new account starts with (product §4).
    expect(data.notifications).toHaveLength(2);
    expect(data.notifications).toEqual(
      expect.arrayContaining([
        seededNotification,
        expect.objectContaining({ user_id: account.user.id, type: 'journal_reminder' }),
      ]),
    );
  });

  it('holds no password hash, session, reset token or push subscription', async () => {
    const account = await signUp(t);
    const other = await signIn(t, account);
    const { push_subscriptions: subscription } = await seedContent(
      t.db,
      account.user.id,
      'SECRETS',
    );
    const resetToken = await seedResetToken(t.db, account.user.id);
    const { password_hash: passwordHash } = await t.db
      .selectFrom('password_credentials')
      .select('password_hash')
      .where('user_id', '=', account.user.id)
      .executeTakeFirstOrThrow();

    const response = await exportData(account.cookie);
    const text = response.body;
    const data = response.json();
    for (const table of [
      'password_credentials',
      'sessions',
      'password_reset_tokens',
      'push_subscriptions',
    ]) {
      expect(data).not.toHaveProperty(table);
    }
    for (const secret of [
      passwordHash,
      '$argon2',
      account.password,
      account.token,
      hashToken(account.token),
      other.token,
      hashToken(other.token),
      resetToken,
      hashToken(resetToken),
      subscription.endpoint,
      subscription.auth,
      subscription.p256dh,
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('holds nothing of another user', async () => {
    const a = await signUp(t, { display_name: 'Eunice' });
    const b = await signUp(t, { display_name: 'Zerubbabel' });
    await seedContent(t.db, a.user.id, 'EUNICE-MARK');
    await seedContent(t.db, b.user.id, 'ZERUB-MARK');
    const text = (await exportData(a.cookie)).body;
    expect(text).toContain('EUNICE-MARK');
    for (const trace of [b.user.id, b.email, 'Zerubbabel', 'ZERUB-MARK']) {
      expect(text).not.toContain(trace);
    }
  });

  it('answers 401 without a session', async () => {
    const response = await exportData();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String) });
  });
});

describe('DELETE /api/account', () => {
  async function twoUsersWithContent(): Promise<[SignedIn, SignedIn]> {
    const a = await signUp(t, { display_name: 'Ananias' });
    const b = await signUp(t, { display_name: 'Barnabas' });
    for (const user of [a, b]) {
      await seedContent(t.db, user.user.id, randomUUID());
      await seedResetToken(t.db, user.user.id);
      await t.db
        .insertInto('oauth_accounts')
        .values({
          provider: 'google',
          provider_user_id: `sub-${user.user.id}`,
          user_id: user.user.id,
          created_at: new Date().toISOString(),
        })
        .execute();
      await signIn(t, user);
    }
    return [a, b];
  }

  it('refuses a wrong password with 401 and deletes nothing', async () => {
    const [a] = await twoUsersWithContent();
    const before = await rowCounts(a.user.id);
    const response = await deleteAccount({ password: 'not-my-password' }, a.cookie);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String) });
    expect(await rowCounts(a.user.id)).toEqual(before);
    expect((await sessionUser(t, a.cookie))?.id).toBe(a.user.id);
  });

  it('asks a password account for its password, not the typed phrase', async () => {
    const [a] = await twoUsersWithContent();
    const before = await rowCounts(a.user.id);
    const response = await deleteAccount({ confirmation: 'DELETE' }, a.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/password/i);
    expect(await rowCounts(a.user.id)).toEqual(before);
  });

  it('refuses a request with no confirmation at all with 400', async () => {
    const [a] = await twoUsersWithContent();
    const response = await deleteAccount(undefined, a.cookie);
    expect(response.statusCode).toBe(400);
    expect((await rowCounts(a.user.id)).users).toBe(1);
  });

  it('with the right password deletes every row of the person and none of anyone else', async () => {
    const [a, b] = await twoUsersWithContent();
    const beforeA = await rowCounts(a.user.id);
    // Every user-owned table holds something of A's, so the check below means something.
    for (const table of userOwnedTables)
      expect({ table, n: beforeA[table] }).not.toEqual({ table, n: 0 });
    const beforeB = await rowCounts(b.user.id);

    const response = await deleteAccount({ password: a.password }, a.cookie);
    expect(response.statusCode).toBe(204);
    const cleared = responseCookie(response, sessionCookieName);
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBe(0);

    const afterA = await rowCounts(a.user.id);
    expect(Object.values(afterA).every((count) => count === 0)).toBe(true);
    expect(afterA).toEqual(Object.fromEntries(Object.keys(beforeA).map((key) => [key, 0])));
    expect(await rowCounts(b.user.id)).toEqual(beforeB);

    expect(await sessionUser(t, a.cookie)).toBeNull();
    expect((await sessionUser(t, b.cookie))?.id).toBe(b.user.id);
    const signInAgain = await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: a.email, password: a.password },
    });
    expect(signInAgain.statusCode).toBe(401);
    // The e-mail is free again.
    const fresh = await signUp(t, { email: a.email });
    expect(fresh.user.id).not.toBe(a.user.id);
  });

  it('lets a Google-only account confirm by typing DELETE', async () => {
    const google = await insertGoogleOnlyUser();
    const bystander = await signUp(t);
    const beforeBystander = await rowCounts(bystander.user.id);
    expect(await sessionUser(t, google.cookie)).toMatchObject({
      id: google.userId,
      has_password: false,
      providers: ['google'],
    });

    for (const payload of [{ password: 'guess' }, { confirmation: 'delete' }, {}]) {
      const refused = await deleteAccount(payload, google.cookie);
      expect(refused.statusCode).toBe(400);
      expect((await rowCounts(google.userId)).users).toBe(1);
    }

    const response = await deleteAccount({ confirmation: 'DELETE' }, google.cookie);
    expect(response.statusCode).toBe(204);
    const after = await rowCounts(google.userId);
    expect(Object.values(after).every((count) => count === 0)).toBe(true);
    expect(await rowCounts(bystander.user.id)).toEqual(beforeBystander);
  });

  it('answers 401 without a session', async () => {
    const response = await deleteAccount({ confirmation: 'DELETE' });
    expect(response.statusCode).toBe(401);
  });
});
