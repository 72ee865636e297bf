import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '#server/db/connect.ts';
import { userOwnedTables } from '#server/db/types.ts';
import { sessionCookieName } from '#server/security/sessions.ts';
import { hashToken, randomToken } from '#server/security/tokens.ts';
import { referenceVerse } from '#shared/bible/reference-verse.ts';
import { publicFileUrl } from '#shared/rules/files.ts';
import type { MemoryCard } from '#shared/schemas/habits.ts';
import type { Enrollment } from '#shared/schemas/plans.ts';
import {
  browserRequest,
  insertSession,
  sendingAs,
  sessionUser,
  signIn,
  signUp,
  uniqueEmail,
  type SignedIn,
} from '#tests/api-support/auth-helpers.ts';
import { responseCookie } from '#tests/api-support/cookie-jar.ts';
import {
  fetchPublic,
  smallPictureUrl,
  solidPng,
  uploadPicture,
} from '#tests/api-support/fixtures/pictures.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';

const t = useTestApp();
const send = sendingAs(t);

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
      tags: ['peace'],
      created_at: now,
    },
    journal_entries: {
      id: randomUUID(),
      user_id: userId,
      title: `Morning ${marker}`,
      content: `Grateful today ${marker}`,
      emotion_tags: ['grateful', 'peaceful'],
      verse_reference: 'John 3:16',
      reference_verse: referenceVerse('John 3:16'),
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
      // The sitting before, which the reader's 'Last time you were here' line names.
      previous_read_at: now,
      updated_at: now,
    },
    verse_highlights: {
      id: randomUUID(),
      user_id: userId,
      book_name: 'Psalms',
      chapter_number: 23,
      verse_number: 4,
      tags: ['comfort', marker],
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
    // A note on John 3:16–17 (decision 024: the KJV's verse numbers).
    verse_notes: {
      id: randomUUID(),
      user_id: userId,
      book_index: 42,
      first_verse: 26_136,
      last_verse: 26_137,
      text: `For God so loved\n${marker}`,
      tags: ['love', marker],
      created_at: now,
      updated_at: now,
    },
    // A request on the prayer list (decision 025), answered, and a day it was prayed.
    prayer_requests: {
      id: randomUUID(),
      user_id: userId,
      title: `For rain ${marker}`,
      details: 'The fields are dry.',
      person: null,
      verse_reference: 'James 5:18',
      reminder_days: ['monday' as const],
      reminder_time: '07:00',
      reminder_next_at: null,
      reference_verse: referenceVerse('James 5:18'),
      answered_on: '2026-06-01',
      answered_at: now,
      answer_note: `It rained ${marker}`,
      created_at: now,
      updated_at: now,
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
  await db.insertInto('notifications').values(rows.notifications).execute();
  await db.insertInto('verse_highlights').values(rows.verse_highlights).execute();
  await db.insertInto('verse_notes').values(rows.verse_notes).execute();
  // The note's topic (decision 027).
  await db
    .insertInto('topic_items')
    .values({
      id: randomUUID(),
      user_id: userId,
      tag_key: marker.toLowerCase(),
      tag: marker,
      verse: 26_136,
      note_id: rows.verse_notes.id,
    })
    .execute();
  await db.insertInto('prayer_requests').values(rows.prayer_requests).execute();
  await db
    .insertInto('prayer_days')
    .values({ request_id: rows.prayer_requests.id, user_id: userId, day: '2026-06-01' })
    .execute();
  await db.insertInto('push_subscriptions').values(rows.push_subscriptions).execute();
  return rows;
}

/**
 * Habits (decision 016) as a person makes them, through the API: a library plan and a plan from a
 * feeling followed, the first day of one ticked (its marks and the day's streak), a verse to
 * learn. Something in each of custom_plans, plan_enrollments, plan_reading_marks, streak_days
 * and memory_cards.
 */
async function seedHabits(account: SignedIn) {
  const followed = await send('POST', '/api/my-plans', account, { plan_id: 'gospels-30' });
  expect(followed.statusCode, followed.body).toBe(201);
  const enrollment = followed.json<Enrollment>();
  const mood = await send('POST', '/api/my-plans/mood', account, { mood: 'anxious' });
  expect(mood.statusCode, mood.body).toBe(201);
  const ticked = await send('PUT', `/api/my-plans/${enrollment.id}/days/1`, account, {
    done: true,
  });
  expect(ticked.statusCode, ticked.body).toBe(200);
  const card = await send('POST', '/api/memory-cards', account, { reference: 'Psalm 23:1' });
  expect(card.statusCode, card.body).toBe(201);
  return {
    enrollment,
    moodPlan: mood.json<Enrollment>(),
    card: card.json<MemoryCard>(),
  };
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
    const habits = await seedHabits(account);
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

    // Habits: the plans followed with their marks, the plan made from a feeling, the streak
    // and the verse being learned.
    const moodPlanId = habits.moodPlan.plan.id;
    expect(data.plan_enrollments).toHaveLength(2);
    expect(data.plan_enrollments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: habits.enrollment.id, plan_id: 'gospels-30' }),
        expect.objectContaining({ id: habits.moodPlan.id, plan_id: moodPlanId }),
      ]),
    );
    expect(data.custom_plans).toEqual([
      expect.objectContaining({
        id: moodPlanId,
        user_id: account.user.id,
        mood: 'anxious',
        plan_days: expect.arrayContaining([expect.objectContaining({ day: 7 })]),
      }),
    ]);
    const dayOne = habits.enrollment.today[0]?.readings ?? [];
    expect(dayOne.length).toBeGreaterThan(0);
    // Every reading of day 1, in the export's order (its key, descending).
    expect(data.plan_reading_marks).toEqual(
      dayOne
        .map((_, reading) =>
          expect.objectContaining({ enrollment_id: habits.enrollment.id, day: 1, reading }),
        )
        .reverse(),
    );
    expect(data.streak_days).toEqual([
      expect.objectContaining({
        user_id: account.user.id,
        local_date: habits.enrollment.start_date,
        kinds: ['plan'],
      }),
    ]);
    expect(data.memory_cards).toEqual([
      expect.objectContaining({
        id: habits.card.id,
        reference: habits.card.reference,
        translation: habits.card.translation,
        due: habits.card.due,
        reps: 0,
      }),
    ]);
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
    await seedHabits(a);
    const ofB = await seedHabits(b);
    await uploadPicture(t, a);
    await uploadPicture(t, b);
    const text = (await exportData(a.cookie)).body;
    expect(text).toContain('EUNICE-MARK');
    const traces = [ofB.enrollment.id, ofB.moodPlan.id, ofB.moodPlan.plan.id, ofB.card.id];
    for (const trace of [b.user.id, b.email, 'Zerubbabel', 'ZERUB-MARK', ...traces]) {
      expect(text).not.toContain(trace);
    }
  });

  it("holds the person's stored files with their bytes, and no one else's", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const picture = await uploadPicture(t, a);
    const upload = await browserRequest(t, {
      method: 'POST',
      url: `/api/storage/user-content/${a.user.id}/notes/page.png`,
      payload: await solidPng(30, 20),
      headers: { 'content-type': 'image/png' },
      cookie: a.cookie,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const ofB = await uploadPicture(t, b);

    const data = (await exportData(a.cookie)).json<{
      stored_files: {
        bucket: string;
        path: string;
        content_type: string;
        size: number;
        etag: string;
        created_at: string;
        data_base64: string;
      }[];
    }>();
    const pictureUrls = [picture, smallPictureUrl(picture)];
    // The picture is in its own bucket, under a name that does not say whose it is: the export
    // finds it by its owner.
    expect(data.stored_files.map((file) => publicFileUrl(file.bucket, file.path)).sort()).toEqual(
      [...pictureUrls, `/files/user-content/${a.user.id}/notes/page.png`].sort(),
    );
    for (const file of data.stored_files) {
      expect(Object.keys(file)).toEqual(
        expect.arrayContaining([
          'content_type',
          'created_at',
          'data_base64',
          'etag',
          'path',
          'size',
        ]),
      );
      const served = await fetchPublic(t, publicFileUrl(file.bucket, file.path));
      expect(served.statusCode).toBe(200);
      const bytes = Buffer.from(file.data_base64, 'base64');
      expect(bytes.equals(served.rawPayload), file.path).toBe(true);
      expect(file.size).toBe(bytes.length);
      expect(file.etag).toBe(served.headers.etag);
      expect(file.content_type).toBe('image/webp');
    }
    const text = JSON.stringify(data);
    expect(text).not.toContain(b.user.id);
    expect(text).not.toContain(ofB.split('/').at(-1) ?? ofB);
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
      await seedHabits(user);
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
      // A profile picture, so stored_files holds two rows of each.
      await uploadPicture(t, user);
    }
    return [a, b];
  }

  async function pictureOf(userId: string): Promise<string> {
    const { profile_image_url: url } = await t.db
      .selectFrom('profiles')
      .select('profile_image_url')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (!url) throw new Error(`${userId} has no picture`);
    return url;
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
    const [pictureOfA, pictureOfB] = [await pictureOf(a.user.id), await pictureOf(b.user.id)];
    expect((await fetchPublic(t, pictureOfA)).statusCode).toBe(200);

    const response = await deleteAccount({ password: a.password }, a.cookie);
    expect(response.statusCode).toBe(204);
    // The files are gone from their public address; the other person's are served as before.
    for (const url of [pictureOfA, smallPictureUrl(pictureOfA)]) {
      expect((await fetchPublic(t, url)).statusCode).toBe(404);
    }
    for (const url of [pictureOfB, smallPictureUrl(pictureOfB)]) {
      expect((await fetchPublic(t, url)).statusCode).toBe(200);
    }
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
