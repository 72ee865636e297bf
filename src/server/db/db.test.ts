import { randomUUID } from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ownTableNames } from '#tests/api-support/own-tables.ts';
import { queryPlan } from '#tests/api-support/query-plan.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';
import type { Db } from './connect.ts';
import { migrateToLatest } from './migrate.ts';
import { userOwnedTables, type Database } from './types.ts';

const t = useTestApp();

// Typed as a record so that adding a table to Database without listing it here fails typecheck.
const everyTable: Record<keyof Database, true> = {
  users: true,
  password_credentials: true,
  sessions: true,
  password_reset_tokens: true,
  oauth_accounts: true,
  oauth_states: true,
  profiles: true,
  user_settings: true,
  notifications: true,
  saved_verses: true,
  journal_entries: true,
  testimonies: true,
  bookmarked_chapters: true,
  reading_progress: true,
  verse_highlights: true,
  push_subscriptions: true,
  email_confirmation_tokens: true,
  known_devices: true,
  attempt_counters: true,
  server_secrets: true,
  custom_plans: true,
  plan_enrollments: true,
  plan_reading_marks: true,
  streak_days: true,
  memory_cards: true,
  stored_files: true,
  verse_notes: true,
  topic_items: true,
  prayer_requests: true,
  prayer_days: true,
  groups: true,
  group_members: true,
  group_invites: true,
  group_posts: true,
  group_replies: true,
  group_prayed: true,
  group_check_ins: true,
  group_reports: true,
  group_notice_log: true,
};

const now = '2025-03-04T05:06:07.123Z';

async function insertUser(db: Db, overrides: Partial<Insertable<Database['users']>> = {}) {
  const user = {
    id: randomUUID(),
    email: `${randomUUID()}@example.com`,
    email_verified: false,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await db.insertInto('users').values(user).execute();
  return user;
}

type UserOwnedTable = (typeof userOwnedTables)[number];

/** Each person's note id, so their topic row can name it. */
const noteIds = new Map<string, string>();
function noteOf(userId: string): string {
  let id = noteIds.get(userId);
  if (!id) {
    id = randomUUID();
    noteIds.set(userId, id);
  }
  return id;
}

/** One valid row per user-owned table; the record type makes a new table need a row here. */
const ownedRows: { [T in UserOwnedTable]: (userId: string) => Insertable<Database[T]> } = {
  password_credentials: (userId) => ({ user_id: userId, password_hash: 'hash', updated_at: now }),
  sessions: (userId) => ({
    id: randomUUID(),
    user_id: userId,
    created_at: now,
    expires_at: now,
    last_seen_at: now,
    user_agent: null,
  }),
  password_reset_tokens: (userId) => ({
    token_hash: randomUUID(),
    user_id: userId,
    created_at: now,
    expires_at: now,
    used_at: null,
  }),
  oauth_accounts: (userId) => ({
    provider: 'google',
    provider_user_id: randomUUID(),
    user_id: userId,
    created_at: now,
  }),
  profiles: (userId) => ({
    user_id: userId,
    email: 'ruth@example.com',
    display_name: 'Ruth',
    profile_image_url: null,
    updated_at: now,
  }),
  user_settings: (userId) => ({
    user_id: userId,
    daily_verse_notifications: true,
    journal_reminders: false,
    dark_mode: true,
    reminder_days: ['Monday', 'Thursday'],
    reminder_time: '07:30:00',
    reminder_timezone: 'Europe/London',
    updated_at: now,
  }),
  notifications: (userId) => ({
    id: randomUUID(),
    user_id: userId,
    type: 'daily_verse',
    title: 'Verse of the day',
    message: 'Psalm 23:1',
    is_read: false,
    created_at: now,
  }),
  saved_verses: (userId) => ({
    id: randomUUID(),
    user_id: userId,
    text: 'The LORD is my shepherd; I shall not want.',
    reference: 'Psalm 23:1',
    theme: 'peace',
    emotion_tag: null,
    custom_note: null,
    created_at: now,
  }),
  journal_entries: (userId) => ({
    id: randomUUID(),
    user_id: userId,
    title: 'Morning',
    content: 'Grateful today.',
    emotion_tags: ['grateful', 'peaceful'],
    verse_reference: null,
    created_at: now,
    updated_at: now,
  }),
  testimonies: (userId) => ({
    id: randomUUID(),
    user_id: userId,
    feeling: 'anxious',
    god_reminded: 'that He is near',
    author_name: null,
    is_anonymous: true,
    is_approved: false,
    created_at: now,
  }),
  bookmarked_chapters: (userId) => ({
    id: randomUUID(),
    user_id: userId,
    book_name: 'John',
    chapter_number: 3,
    created_at: now,
  }),
  reading_progress: (userId) => ({
    id: randomUUID(),
    user_id: userId,
    book_name: 'Genesis',
    chapter_number: 1,
    reading_time_seconds: 300,
    completed_at: now,
    updated_at: now,
  }),
  verse_highlights: (userId) => ({
    id: randomUUID(),
    user_id: userId,
    book_name: 'Psalms',
    chapter_number: 23,
    verse_number: 1,
    created_at: now,
  }),
  push_subscriptions: (userId) => ({
    id: randomUUID(),
    user_id: userId,
    endpoint: `https://push.example.com/send/${randomUUID()}`,
    p256dh: 'BPublicKey',
    auth: 'authSecret',
    created_at: now,
  }),
  email_confirmation_tokens: (userId) => ({
    token_hash: randomUUID(),
    user_id: userId,
    email: `${userId}@example.com`,
    created_at: now,
    expires_at: now,
    used_at: null,
  }),
  known_devices: (userId) => ({
    token_hash: randomUUID(),
    user_id: userId,
    created_at: now,
    last_used_at: now,
  }),
  custom_plans: (userId) => ({
    id: randomUUID(),
    user_id: userId,
    title: 'A week for when you are anxious',
    description: 'Seven days with verses for an anxious heart.',
    mood: 'anxious',
    plan_days: [
      {
        day: 1,
        readings: [{ book_index: 49, chapter: 4, verses: null, label: 'Philippians 4' }],
        prompt: 'What are you carrying today?',
        focus: 'Philippians 4:6',
      },
    ],
    created_at: now,
  }),
  // The reading marks below point at this row: its id follows from the user's.
  plan_enrollments: (userId) => ({
    id: `plan-${userId}`,
    user_id: userId,
    plan_id: 'bible-in-a-year',
    status: 'active',
    start_date: '2025-03-01',
    paused_on: null,
    schedule: null,
    finished_at: null,
    created_at: now,
    updated_at: now,
  }),
  plan_reading_marks: (userId) => ({
    enrollment_id: `plan-${userId}`,
    user_id: userId,
    day: 1,
    reading: 0,
    done_at: now,
  }),
  streak_days: (userId) => ({
    user_id: userId,
    local_date: '2025-03-04',
    kinds: ['read', 'journal'],
    updated_at: now,
  }),
  memory_cards: (userId) => ({
    id: randomUUID(),
    user_id: userId,
    reference: 'Psalm 23:1',
    translation: 'kjv',
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
  }),
  stored_files: (userId) => ({
    bucket: 'user-content',
    path: `${userId}/profile/a-512.webp`,
    user_id: userId,
    content_type: 'image/webp',
    size: 3,
    etag: '"abc"',
    data: Buffer.from([1, 2, 3]),
    created_at: now,
  }),
  // John 3:16–17 (verses 26,136 and 26,137 of the KJV's versification).
  verse_notes: (userId) => ({
    id: noteOf(userId),
    user_id: userId,
    book_index: 42,
    first_verse: 26_136,
    last_verse: 26_137,
    text: 'For God so loved.',
    tags: ['love'],
    created_at: now,
    updated_at: now,
  }),
  // A topic row names its item: the person's note above.
  topic_items: (userId) => ({
    id: randomUUID(),
    user_id: userId,
    tag_key: 'love',
    tag: 'Love',
    verse: 26_136,
    note_id: noteOf(userId),
  }),
  // A prayed day names its request: the person's request above (the same id as their note's).
  prayer_requests: (userId) => ({
    id: noteOf(userId),
    user_id: userId,
    title: 'For my sister',
    details: null,
    person: 'Anna',
    verse_reference: 'John 3:16',
    reminder_days: ['monday', 'friday'],
    reminder_time: '07:30',
    answered_on: null,
    answered_at: null,
    answer_note: null,
    created_at: now,
    updated_at: now,
  }),
  prayer_days: (userId) => ({ request_id: noteOf(userId), user_id: userId, day: '2025-03-04' }),
};

async function countRows(db: Db, table: UserOwnedTable, userId: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('migrations', () => {
  it('create every table of the Database type', async () => {
    // The full-text index's tables (fts_*, migration 0010) are no one's data.
    const ours = (await ownTableNames(t.db, t.dialect)).filter((name) => !name.startsWith('fts_'));
    expect(ours).toEqual(Object.keys(everyTable).sort());
  });

  // Every list is read a page at a time, newest first, straight off its index (decision 012).
  const lists = [
    {
      table: 'saved_verses',
      owner: 'user_id',
      time: 'created_at',
      index: 'saved_verses_user_newest_idx',
    },
    {
      table: 'journal_entries',
      owner: 'user_id',
      time: 'created_at',
      index: 'journal_entries_user_newest_idx',
    },
    {
      table: 'notifications',
      owner: 'user_id',
      time: 'created_at',
      index: 'notifications_user_newest_idx',
    },
    {
      table: 'bookmarked_chapters',
      owner: 'user_id',
      time: 'created_at',
      index: 'bookmarked_chapters_user_newest_idx',
    },
    {
      table: 'verse_highlights',
      owner: 'user_id',
      time: 'created_at',
      index: 'verse_highlights_user_newest_idx',
    },
    {
      table: 'verse_notes',
      owner: 'user_id',
      time: 'created_at',
      index: 'verse_notes_user_newest_idx',
    },
    {
      table: 'prayer_requests',
      owner: 'user_id',
      time: 'created_at',
      index: 'prayer_requests_user_newest_idx',
    },
    {
      table: 'reading_progress',
      owner: 'user_id',
      time: 'completed_at',
      index: 'reading_progress_user_newest_idx',
    },
    {
      table: 'testimonies',
      owner: 'user_id',
      time: 'created_at',
      index: 'testimonies_user_newest_idx',
    },
    {
      table: 'testimonies',
      owner: 'status',
      time: 'created_at',
      index: 'testimonies_status_newest_idx',
    },
  ] as const;

  it.each(lists)(
    'read the newest $table by $owner straight off $index, without sorting',
    async ({ table, owner, time, index }) => {
      const page = t.db
        .selectFrom(table)
        .select('id')
        .where(owner, '=', owner === 'status' ? 'approved' : randomUUID())
        .where(sql<boolean>`(${sql.ref(time)}, ${sql.ref('id')}) < (${now}, ${randomUUID()})`)
        .orderBy(time, 'desc')
        .orderBy('id', 'desc')
        .limit(21);
      const plan = await queryPlan(t.db, t.dialect, page);
      expect(plan).toMatch(new RegExp(index));
      expect(plan).not.toMatch(/temp b-tree|sort/i);
    },
  );

  it('apply nothing when run again', async () => {
    await expect(migrateToLatest(t.db, t.dialect)).resolves.toEqual([]);
  });
});

describe('values round-trip in the shape services expect', () => {
  it('booleans come back as booleans', async () => {
    const verified = await insertUser(t.db, { email_verified: true });
    const unverified = await insertUser(t.db, { email_verified: false });
    const rows = await t.db
      .selectFrom('users')
      .select(['id', 'email_verified'])
      .where('id', 'in', [verified.id, unverified.id])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row.email_verified]));
    expect(byId.get(verified.id)).toBe(true);
    expect(byId.get(unverified.id)).toBe(false);

    const filtered = await t.db
      .selectFrom('users')
      .select('id')
      .where('email_verified', '=', true)
      .where('id', 'in', [verified.id, unverified.id])
      .execute();
    expect(filtered.map((row) => row.id)).toEqual([verified.id]);
  });

  it('JSON lists come back as arrays', async () => {
    const user = await insertUser(t.db);
    await t.db.insertInto('user_settings').values(ownedRows.user_settings(user.id)).execute();
    await t.db.insertInto('journal_entries').values(ownedRows.journal_entries(user.id)).execute();
    const settings = await t.db
      .selectFrom('user_settings')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(settings.reminder_days).toEqual(['Monday', 'Thursday']);
    expect(settings).toMatchObject({
      daily_verse_notifications: true,
      journal_reminders: false,
      dark_mode: true,
    });
    const entry = await t.db
      .selectFrom('journal_entries')
      .select('emotion_tags')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(entry.emotion_tags).toEqual(['grateful', 'peaceful']);

    await t.db
      .updateTable('journal_entries')
      .set({ emotion_tags: [] })
      .where('user_id', '=', user.id)
      .execute();
    const emptied = await t.db
      .selectFrom('journal_entries')
      .select('emotion_tags')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(emptied.emotion_tags).toEqual([]);
  });

  it('timestamps come back as the ISO-8601 string that was written, and sort in time order', async () => {
    const early = await insertUser(t.db, { created_at: '1999-12-31T23:59:59.999Z' });
    const late = await insertUser(t.db, { created_at: '2030-06-15T12:00:00.000Z' });
    const rows = await t.db
      .selectFrom('users')
      .select(['id', 'created_at', 'updated_at'])
      .where('id', 'in', [late.id, early.id])
      .orderBy('created_at', 'asc')
      .execute();
    expect(rows).toEqual([
      { id: early.id, created_at: '1999-12-31T23:59:59.999Z', updated_at: now },
      { id: late.id, created_at: '2030-06-15T12:00:00.000Z', updated_at: now },
    ]);
  });
});

describe('values in filters and limits', () => {
  // On SQLite these are sent cast to their own type (dialect-plugin.ts); they must select the
  // same rows as plain parameters do on PostgreSQL.
  it('select the same rows in a where, a join, a having, a limit and an offset', async () => {
    const user = await insertUser(t.db);
    await t.db
      .insertInto('reading_progress')
      .values(
        [1, 2, 3, 4, 5].map((chapter) => ({
          ...ownedRows.reading_progress(user.id),
          chapter_number: chapter,
          reading_time_seconds: chapter * 60,
        })),
      )
      .execute();
    const chapters = (rows: { chapter_number: number }[]) => rows.map((row) => row.chapter_number);

    const page = await t.db
      .selectFrom('reading_progress')
      .select('chapter_number')
      .where('user_id', '=', user.id)
      .where('book_name', '=', 'Genesis')
      .where('reading_time_seconds', '>=', 120)
      .orderBy('chapter_number')
      .limit(2)
      .offset(1)
      .execute();
    expect(chapters(page)).toEqual([3, 4]);

    const joined = await t.db
      .selectFrom('users')
      .innerJoin('reading_progress', (join) =>
        join.onRef('reading_progress.user_id', '=', 'users.id').on('chapter_number', 'in', [2, 5]),
      )
      .select('reading_progress.chapter_number')
      .where('users.id', '=', user.id)
      .orderBy('reading_progress.chapter_number')
      .execute();
    expect(chapters(joined)).toEqual([2, 5]);

    const books = (least: number) =>
      t.db
        .selectFrom('reading_progress')
        .select('book_name')
        .where('user_id', '=', user.id)
        .groupBy('book_name')
        .having((eb) => eb.fn.countAll(), '>=', least)
        .execute();
    expect(await books(5)).toEqual([{ book_name: 'Genesis' }]);
    expect(await books(6)).toEqual([]);
  });
});

describe('constraints', () => {
  it('deleting a user deletes their rows in every user-owned table', async () => {
    const user = await insertUser(t.db);
    const bystander = await insertUser(t.db);
    for (const owner of [user, bystander]) {
      for (const table of userOwnedTables) {
        await t.db.insertInto(table).values(ownedRows[table](owner.id)).execute();
      }
    }
    for (const table of userOwnedTables) expect(await countRows(t.db, table, user.id)).toBe(1);

    await t.db.deleteFrom('users').where('id', '=', user.id).execute();

    for (const table of userOwnedTables) {
      expect({ table, count: await countRows(t.db, table, user.id) }).toEqual({ table, count: 0 });
      expect(await countRows(t.db, table, bystander.id)).toBe(1);
    }
  });

  it('reading progress holds one row per user and chapter', async () => {
    const user = await insertUser(t.db);
    await t.db.insertInto('reading_progress').values(ownedRows.reading_progress(user.id)).execute();
    await expect(
      t.db.insertInto('reading_progress').values(ownedRows.reading_progress(user.id)).execute(),
    ).rejects.toThrow(/unique/i);
    // The same chapter for someone else is fine.
    const other = await insertUser(t.db);
    await t.db
      .insertInto('reading_progress')
      .values(ownedRows.reading_progress(other.id))
      .execute();
  });

  it('notifications hold one per user, type and local date; unscheduled ones any number', async () => {
    const user = await insertUser(t.db);
    const other = await insertUser(t.db);
    const reminder = (userId: string, localDate: string | null, type = 'journal_reminder') => ({
      ...ownedRows.notifications(userId),
      type,
      local_date: localDate,
    });
    await t.db.insertInto('notifications').values(reminder(user.id, '2026-06-01')).execute();
    await expect(
      t.db.insertInto('notifications').values(reminder(user.id, '2026-06-01')).execute(),
    ).rejects.toThrow(/unique/i);
    // Another day, another type or another user is a different key; NULL dates never collide.
    await t.db
      .insertInto('notifications')
      .values([
        reminder(user.id, '2026-06-02'),
        reminder(user.id, '2026-06-01', 'daily_verse'),
        reminder(other.id, '2026-06-01'),
        reminder(user.id, null, 'test'),
        reminder(user.id, null, 'test'),
      ])
      .execute();
    expect(await countRows(t.db, 'notifications', user.id)).toBe(5);
  });
});
