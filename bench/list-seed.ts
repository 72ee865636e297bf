// The lists-at-scale seed: one member with 10,000 journal entries, 10,000 notes on verses, 5,000
// saved verses (distinct KJV verses), every chapter bookmarked and read, 2,461 highlights, 5,000 notifications and 300 of
// their own testimonies; 50,000 approved testimonies from 2,000 other people and 2,000 pending
// ones for the moderation queue. Rows go straight into the database through Kysely (multi-row
// inserts, one transaction) on the server's own schema (migrateToLatest), so whatever the
// schema keeps beside a row (the full-text tables and columns of migration 0010: triggers,
// generated columns) is kept exactly as for a row the API writes. Deterministic: the same text
// every run, so runs compare.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { loadKingJamesVersion } from '#server/bible/kjv.ts';
import type { DatabaseHandle } from '#server/db/connect.ts';
import { newRowId } from '#server/db/ids.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import type { Database } from '#server/db/types.ts';
import { books } from '#shared/bible/books.ts';
import { parseVerseText } from '#shared/bible/verse-text.ts';
import { verseThemes } from '#shared/content/verse-themes.ts';
import { journalFeelingTags } from '#shared/schemas/journal.ts';

export const seedCounts = {
  journalEntries: 10_000,
  /** Notes on verses (decision 024): one on every third verse from Genesis on. */
  verseNotes: 10_000,
  /** Prayer requests (decision 025): one in four answered, one in three with a verse. */
  prayerRequests: 2_000,
  savedVerses: 5_000,
  approvedTestimonies: 50_000,
  pendingTestimonies: 2_000,
  ownTestimonies: 300,
  testimonyAuthors: 2_000,
  notifications: 5_000,
  /** Psalms: every verse (2,461). */
  highlightsBook: 'Psalms',
} as const;

/** A word in exactly `rareWordEntries` journal entries, and as many notes (the rare-word search). */
export const rareWord = 'lighthouse';
export const rareWordEntries = 7;

/** The rows of `count` that hold the rare word: rareWordEntries of them, spread evenly. */
function rareWordRows(count: number): Set<number> {
  return new Set(
    Array.from({ length: rareWordEntries }, (_, k) =>
      Math.floor(((k + 0.5) * count) / rareWordEntries),
    ),
  );
}

export type SeedResult = {
  counts: Record<string, number>;
  /** Wall time of the inserts (ms), including migration 0010's triggers if present. */
  ms: number;
};

/** mulberry32: a small seeded generator, so every run writes the same rows. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(next: () => number, list: readonly T[]): T =>
  list[Math.floor(next() * list.length)] as T;

const titles = [
  'Morning reflection',
  'Evening prayer',
  'A hard day at work',
  'Grateful for small things',
  'Reading the Psalms',
  'Thinking about forgiveness',
  'Walk by the river',
  'Family dinner',
  'Waiting on an answer',
  'Sunday service',
  'Quiet time',
  'Worry and trust',
  'Before the exam',
  'After the hospital visit',
  'Lessons from Proverbs',
];

const sentences = [
  'Woke up early and sat with my coffee before anyone else was up.',
  'I keep coming back to the idea that I do not have to carry this alone.',
  'Work was heavy today and I felt anxious most of the afternoon.',
  'Prayed for my sister and her new job.',
  'Grateful for a long phone call with an old friend.',
  'The kids were loud at dinner and I laughed more than I have in weeks.',
  'I read the chapter twice and wrote down the verse that stayed with me.',
  'Forgiveness is harder than I expected, but I want to try.',
  'Walked by the river after church and noticed how still the water was.',
  'My mind keeps racing at night; I asked for peace before sleeping.',
  'A stranger held the door and smiled, and it turned my morning around.',
  'Still waiting to hear back about the doctor results.',
  'I felt hopeful for the first time this week.',
  'Our small group talked about patience and I mostly listened.',
  'Tired, but thankful for the roof over our heads and food on the table.',
  'I want to be more patient with my mother.',
  'Spent the evening cleaning and praying quietly.',
  'The sermon on the prodigal son hit close to home.',
  'Money is tight this month and I am trying to trust.',
  'Sat in the garden and listened to the birds for a while.',
];

/** A KJV verse as { reference, text } with the text's markers removed, and where it is. */
type SeedVerse = {
  reference: string;
  text: string;
  book: string;
  bookIndex: number;
  chapter: number;
};

/** Every KJV verse in Bible order (so its index is its verse number, shared/bible/verse-index.ts). */
function kjvVerses(): SeedVerse[] {
  const bible = loadKingJamesVersion();
  const verses: SeedVerse[] = [];
  bible.chapters.forEach((chapters, bookIndex) => {
    const book = books[bookIndex]?.name ?? '';
    chapters.forEach((chapter, chapterIndex) =>
      chapter.forEach((raw, verseIndex) =>
        verses.push({
          reference: `${book} ${chapterIndex + 1}:${verseIndex + 1}`,
          text: parseVerseText(raw).plain,
          book,
          bookIndex,
          chapter: chapterIndex + 1,
        }),
      ),
    );
  });
  return verses;
}

async function insertRows<T extends keyof Database>(
  trx: DatabaseHandle['db'],
  table: T,
  rows: Record<string, unknown>[],
  columnsPerRow: number,
) {
  // Well under SQLite's 32,766 and PostgreSQL's 65,535 bound values per statement.
  const perStatement = Math.max(1, Math.floor(20_000 / columnsPerRow));
  for (let i = 0; i < rows.length; i += perStatement) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + perStatement) as never)
      .execute();
  }
}

/** Times `count` items apart by `stepMs`, the newest `newestAgoMs` before now (ISO strings). */
function times(count: number, stepMs: number, newestAgoMs = 60_000): string[] {
  const newest = Date.now() - newestAgoMs;
  return Array.from({ length: count }, (_, index) =>
    new Date(newest - (count - 1 - index) * stepMs).toISOString(),
  );
}

/**
 * Seeds the lists of `memberId` and the public testimonies (authors are new accounts). The
 * member and moderator are accounts made through the API, so their sessions are real.
 */
export async function seedLists(database: DatabaseHandle, memberId: string): Promise<SeedResult> {
  await migrateToLatest(database.db, database.dialect);
  const next = random(23);
  const verses = kjvVerses();
  const started = performance.now();
  const counts: Record<string, number> = {};

  // Journal: 10,000 entries, one about every 50 minutes back over a year; 2–4 sentences of the
  // person's own words and one KJV verse they copied out.
  const journalTimes = times(seedCounts.journalEntries, 50 * 60_000);
  const rareAt = rareWordRows(seedCounts.journalEntries);
  const journal = journalTimes.map((time, index) => {
    const sentenceCount = 2 + Math.floor(next() * 3);
    const body = Array.from({ length: sentenceCount }, () => pick(next, sentences));
    const verse = pick(next, verses);
    body.push(`${verse.reference}: "${verse.text}"`);
    if (rareAt.has(index)) body.push(`Thought of the old ${rareWord} on the coast.`);
    const tagCount = Math.floor(next() * 3);
    const tags = [
      ...new Set(Array.from({ length: tagCount }, () => pick(next, journalFeelingTags))),
    ];
    return {
      id: newRowId(),
      user_id: memberId,
      title: next() < 0.8 ? pick(next, titles) : null,
      content: body.join(' '),
      emotion_tags: tags,
      verse_reference: next() < 0.5 ? verse.reference : null,
      created_at: time,
      updated_at: time,
    };
  });

  // Saved verses: 5,000 distinct verses, every sixth verse of the Bible (all books).
  const savedTimes = times(seedCounts.savedVerses, 90 * 60_000);
  const saved = savedTimes.map((time, index) => {
    const verse = verses[index * 6] ?? verses[index];
    if (!verse) throw new Error('not enough KJV verses');
    return {
      id: newRowId(),
      user_id: memberId,
      text: verse.text,
      reference: verse.reference,
      theme: next() < 0.3 ? 'Bible Reading' : pick(next, verseThemes),
      emotion_tag: next() < 0.4 ? pick(next, journalFeelingTags) : null,
      custom_note: next() < 0.1 ? 'A verse to come back to.' : null,
      created_at: time,
    };
  });

  // Notes on verses: 10,000, one about every hour back over a year, each on every third verse of
  // the Bible, one in five a run of three; 1 to 3 sentences of the person's own words.
  const noteTimes = times(seedCounts.verseNotes, 60 * 60_000);
  const rareNotes = rareWordRows(seedCounts.verseNotes);
  const notes = noteTimes.map((time, index) => {
    const first = index * 3;
    const verse = verses[first];
    if (!verse) throw new Error('not enough KJV verses');
    const end = verses[first + 2];
    const isRun =
      index % 5 === 0 && end?.bookIndex === verse.bookIndex && end.chapter === verse.chapter;
    const words = Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(next, sentences));
    if (rareNotes.has(index)) words.push(`Thought of the old ${rareWord} on the coast.`);
    const tags = next() < 0.5 ? [pick(next, journalFeelingTags)] : [];
    return {
      id: newRowId(),
      user_id: memberId,
      book_index: verse.bookIndex,
      first_verse: first,
      last_verse: isRun ? first + 2 : first,
      text: words.join('\n'),
      tags,
      created_at: time,
      updated_at: time,
    };
  });

  // Prayer requests: 2,000, about one every four hours back over a year; a quarter answered.
  const prayers = times(seedCounts.prayerRequests, 4 * 60 * 60_000).map((time, index) => {
    const verse = index % 3 === 0 ? verses[index * 7] : undefined;
    const answered = index % 4 === 0;
    const answeredAt = answered ? new Date(Date.parse(time) + 86_400_000).toISOString() : null;
    return {
      id: newRowId(),
      user_id: memberId,
      title: pick(next, sentences).slice(0, 120),
      details: next() < 0.6 ? pick(next, sentences) : null,
      person: next() < 0.3 ? 'my neighbour' : null,
      verse_reference: verse ? verse.reference : null,
      reminder_days: null,
      reminder_time: null,
      answered_on: answeredAt ? answeredAt.slice(0, 10) : null,
      answered_at: answeredAt,
      answer_note: answered ? 'A door opened.' : null,
      created_at: time,
      updated_at: time,
    };
  });

  // Every chapter bookmarked and marked read (1,189 each: the most there can be).
  const chapters = books.flatMap((book) =>
    Array.from({ length: book.chapters }, (_, index) => ({ book: book.name, chapter: index + 1 })),
  );
  const chapterTimes = times(chapters.length, 6 * 3600_000);
  const bookmarks = chapters.map(({ book, chapter }, index) => ({
    id: newRowId(),
    user_id: memberId,
    book_name: book,
    chapter_number: chapter,
    created_at: chapterTimes[index] as string,
  }));
  const progress = chapters.map(({ book, chapter }, index) => ({
    id: newRowId(),
    user_id: memberId,
    book_name: book,
    chapter_number: chapter,
    reading_time_seconds: 120 + Math.floor(next() * 600),
    completed_at: chapterTimes[index] as string,
    updated_at: chapterTimes[index] as string,
  }));

  // Highlights: every verse of Psalms.
  const psalms = verses.filter((verse) => verse.book === seedCounts.highlightsBook);
  const highlightTimes = times(psalms.length, 30 * 60_000);
  const highlights = psalms.map((verse, index) => ({
    id: newRowId(),
    user_id: memberId,
    book_name: verse.book,
    chapter_number: verse.chapter,
    verse_number: Number(verse.reference.split(':')[1]),
    created_at: highlightTimes[index] as string,
  }));

  const notificationTimes = times(seedCounts.notifications, 2 * 3600_000);
  const notifications = notificationTimes.map((time, index) => ({
    id: newRowId(),
    user_id: memberId,
    type: index % 2 === 0 ? 'daily_verse' : 'journal_reminder',
    title: index % 2 === 0 ? 'Your verse for today' : 'A moment to write',
    message: index % 2 === 0 ? 'Psalm 46:10 is waiting for you.' : 'How was your day?',
    is_read: index < seedCounts.notifications - 30,
    created_at: time,
    link: index % 2 === 0 ? '/feeling' : '/journal',
    local_date: null,
  }));

  // Other people: 2,000 accounts with 25 approved testimonies each, plus the pending queue.
  const now = new Date().toISOString();
  const authors = Array.from({ length: seedCounts.testimonyAuthors }, (_, index) => ({
    id: randomUUID(),
    email: `bench-author-${index}-${randomUUID()}@example.com`,
    email_verified: true,
    role: 'member',
    created_at: now,
    updated_at: now,
  }));
  const testimony = (userId: string, time: string, status: string) => {
    const verse = pick(next, verses);
    const anonymous = next() < 0.3;
    return {
      id: newRowId(),
      user_id: userId,
      feeling: pick(next, sentences),
      god_reminded: `${pick(next, sentences)} ${verse.reference} reminded me: "${verse.text}"`,
      author_name: anonymous ? null : `Friend ${Math.floor(next() * 10_000)}`,
      is_anonymous: anonymous,
      is_approved: status === 'approved',
      status,
      moderated_at: status === 'pending' ? null : time,
      created_at: time,
    };
  };
  const approvedTimes = times(seedCounts.approvedTestimonies, 10 * 60_000);
  const approved = approvedTimes.map((time, index) =>
    testimony(authors[index % authors.length]?.id ?? memberId, time, 'approved'),
  );
  const pending = times(seedCounts.pendingTestimonies, 15 * 60_000).map((time, index) =>
    testimony(authors[(index * 7) % authors.length]?.id ?? memberId, time, 'pending'),
  );
  const own = times(seedCounts.ownTestimonies, 24 * 3600_000).map((time, index) =>
    testimony(memberId, time, index % 10 === 0 ? 'pending' : 'approved'),
  );

  await database.db.transaction().execute(async (trx) => {
    await insertRows(trx, 'journal_entries', journal, 8);
    await insertRows(trx, 'saved_verses', saved, 8);
    await insertRows(trx, 'bookmarked_chapters', bookmarks, 5);
    await insertRows(trx, 'reading_progress', progress, 7);
    await insertRows(trx, 'verse_highlights', highlights, 6);
    await insertRows(trx, 'verse_notes', notes, 9);
    await insertRows(trx, 'prayer_requests', prayers, 15);
    await insertRows(trx, 'notifications', notifications, 9);
    await insertRows(trx, 'users', authors, 6);
    await insertRows(trx, 'testimonies', approved, 10);
    await insertRows(trx, 'testimonies', pending, 10);
    await insertRows(trx, 'testimonies', own, 10);
  });
  const ms = performance.now() - started;
  Object.assign(counts, {
    'journal entries': journal.length,
    'saved verses': saved.length,
    bookmarks: bookmarks.length,
    'reading progress': progress.length,
    highlights: highlights.length,
    'notes on verses': notes.length,
    'prayer requests': prayers.length,
    notifications: notifications.length,
    'approved testimonies (others)': approved.length,
    'pending testimonies': pending.length + own.filter((row) => row.status === 'pending').length,
    'own testimonies': own.length,
    'testimony authors': authors.length,
  });
  // PostgreSQL: what autovacuum does within a minute of a bulk load, done now so the first
  // measurement does not race it. SQLite's planner has no statistics unless ANALYZE is run,
  // and the server never runs it, so SQLite is left as a real server would have it.
  if (database.dialect === 'postgres') await sql`analyze`.execute(database.db);
  return { counts, ms };
}
