import type { ColumnType } from 'kysely';
import type { TranslationId } from '#shared/bible/translations.ts';
import type { StreakKind } from '#shared/rules/habits.ts';
import type { Weekday } from '#shared/rules/settings.ts';
import type { SignInMethod } from '#shared/schemas/auth.ts';
import type { PlanDay } from '#shared/schemas/plans.ts';

type StoredPlanDay = PlanDay;

/**
 * The database as the services see it: product §3 field names, booleans as booleans,
 * lists as arrays and timestamps as ISO-8601 strings on both SQLite and PostgreSQL
 * (see ./dialect-plugin.ts and ./connect.ts for how each dialect is brought to this shape).
 */
export type Timestamp = string;

export interface UsersTable {
  id: string;
  email: string;
  email_verified: boolean;
  /** 'member' or 'moderator' (migration 0004). */
  role: ColumnType<string, string | undefined, string>;
  /** Google was removed as a way in: a Google sign-in no longer joins by address (0014). */
  google_link_removed_at: ColumnType<
    Timestamp | null,
    Timestamp | null | undefined,
    Timestamp | null
  >;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PasswordCredentialsTable {
  user_id: string;
  password_hash: string;
  /**
   * When the mailbox's owner showed they hold this password (0014); null: never shown, so it
   * may be whoever signed up with someone else's address.
   */
  proven_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  updated_at: Timestamp;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's session id; the raw id is never stored. */
  id: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_seen_at: Timestamp;
  user_agent: string | null;
  /** The way in it came through (0014); null for sessions from before it was kept. */
  method: ColumnType<SignInMethod | null, SignInMethod | null | undefined, SignInMethod | null>;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface OAuthAccountsTable {
  provider: string;
  provider_user_id: string;
  user_id: string;
  created_at: Timestamp;
}

/** A link mailed to confirm that the address of a password account is the person's (0007). */
export interface EmailConfirmationTokensTable {
  token_hash: string;
  user_id: string;
  /** The address the link was sent to; it confirms only while the account still has it. */
  email: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** A browser that signed in to this account before: its device cookie's SHA-256 (0007). */
export interface KnownDevicesTable {
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
}

/** Failed attempts in a fixed window, under a hashed key (0007, security/attempt-counters.ts). */
export interface AttemptCountersTable {
  key: string;
  count: number;
  window_ends_at: Timestamp;
}

/** Keys the server makes once and every instance shares (0009: the page-cursor key). */
export interface ServerSecretsTable {
  name: string;
  value: string;
}

export interface OAuthStatesTable {
  /** SHA-256 of the state parameter sent to the provider. */
  state_hash: string;
  code_verifier: string;
  nonce: string;
  return_to: string;
  /** Set when Settings connects Google to this signed-in account (0014). */
  link_user_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface ProfilesTable {
  user_id: string;
  email: string;
  display_name: string;
  profile_image_url: string | null;
  updated_at: Timestamp;
}

export interface UserSettingsTable {
  user_id: string;
  daily_verse_notifications: boolean;
  journal_reminders: boolean;
  dark_mode: boolean;
  reminder_days: string[];
  reminder_time: string;
  reminder_timezone: string;
  /** The translation the person reads in: kjv, web or asv (0011, decision 015). */
  translation: ColumnType<TranslationId, TranslationId | undefined, TranslationId>;
  /** The weekday missed without breaking a streak, or null (0012, decision 016). */
  streak_rest_day: ColumnType<Weekday | null, Weekday | null | undefined, Weekday | null>;
  /** The daily reading reminder (plans and verses due), at its own time and days (0012). */
  plan_reminders: ColumnType<boolean, boolean | undefined, boolean>;
  plan_reminder_time: ColumnType<string, string | undefined, string>;
  /** null: every day. */
  plan_reminder_days: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
  /** Whether the person's groups see that they read today (0023, decision 028). */
  show_reading_to_groups: ColumnType<boolean, boolean | undefined, boolean>;
  /** Each kind of group notice, on or off (0023). */
  group_request_notifications: ColumnType<boolean, boolean | undefined, boolean>;
  group_prayed_notifications: ColumnType<boolean, boolean | undefined, boolean>;
  group_update_notifications: ColumnType<boolean, boolean | undefined, boolean>;
  group_reading_notifications: ColumnType<boolean, boolean | undefined, boolean>;
  /**
   * When the daily reminders are next due for a look (0024): null with none on, the epoch for
   * "at the next tick" (lookAtOnce, also the default), else the next moment one is due.
   */
  reminder_next_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  updated_at: Timestamp;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  type: string;
  title: string;
  message: string;
  is_read: boolean;
  created_at: Timestamp;
  /** Where clicking it goes, or null. */
  link: string | null;
  /** For scheduled kinds, the user's local day (YYYY-MM-DD); unique with user_id and type. */
  local_date: string | null;
}

export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Timestamp;
}

/** One row per (user_id, reference): a verse is saved once (migration 0008). */
export interface SavedVersesTable {
  id: string;
  user_id: string;
  text: string;
  reference: string;
  theme: string;
  emotion_tag: string | null;
  custom_note: string | null;
  /** The translation the text is in (0011, decision 015); 'kjv' for the verses saved before. */
  translation: ColumnType<TranslationId, TranslationId | undefined, TranslationId>;
  /** Its topics as written (decision 027, migration 0019). */
  tags: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Timestamp;
}

export interface JournalEntriesTable {
  id: string;
  user_id: string;
  title: string | null;
  content: string;
  emotion_tags: string[];
  verse_reference: string | null;
  /** The verse verse_reference names, in Bible order (verse-index.ts); null when it names none. */
  reference_verse: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TestimoniesTable {
  id: string;
  user_id: string;
  feeling: string;
  god_reminded: string;
  author_name: string | null;
  is_anonymous: boolean;
  is_approved: boolean;
  /** 'pending', 'approved' or 'declined', in step with is_approved (migration 0004). */
  status: ColumnType<string, string | undefined, string>;
  moderated_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  created_at: Timestamp;
}

export interface BookmarkedChaptersTable {
  id: string;
  user_id: string;
  book_name: string;
  chapter_number: number;
  created_at: Timestamp;
}

export interface ReadingProgressTable {
  id: string;
  user_id: string;
  book_name: string;
  chapter_number: number;
  reading_time_seconds: number | null;
  completed_at: Timestamp;
  updated_at: Timestamp;
  /** The visit before the current sitting's (migration 0020); null before a second visit. */
  previous_read_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

/** A plan made for one person (decision 016: a 7-day plan from a feeling). */
export interface CustomPlansTable {
  id: string;
  user_id: string;
  title: string;
  description: string;
  mood: string | null;
  /** The plan's days, as shared/schemas/plans.ts's planDaySchema. */
  plan_days: StoredPlanDay[];
  created_at: Timestamp;
}

/** A plan a person follows (decision 016). */
export interface PlanEnrollmentsTable {
  id: string;
  user_id: string;
  /** A library plan's id, or a custom_plans id. */
  plan_id: string;
  status: 'active' | 'paused' | 'finished';
  /** The person's local date (YYYY-MM-DD) of day 1. */
  start_date: string;
  /** The local date it was paused on, while paused. */
  paused_on: string | null;
  /** After a catch-up: the due date (YYYY-MM-DD) of each plan day, day 1 first. */
  schedule: string[] | null;
  finished_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A done reading of a plan day (decision 016). */
export interface PlanReadingMarksTable {
  enrollment_id: string;
  user_id: string;
  day: number;
  reading: number;
  done_at: Timestamp;
}

/** A local date that counts for a person's streak, and what made it count (decision 016). */
export interface StreakDaysTable {
  user_id: string;
  local_date: string;
  kinds: StreakKind[];
  updated_at: Timestamp;
}

/** A verse learned by heart with its FSRS card (decision 016; ts-fsrs's Card fields). */
export interface MemoryCardsTable {
  id: string;
  user_id: string;
  reference: string;
  translation: TranslationId;
  due: Timestamp;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: number;
  last_review: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A file in the spec's storage (decision 017, migration 0013): its bytes, kept in the database. */
export interface StoredFilesTable {
  bucket: string;
  /** `{user_id}/…`, unique in its bucket. */
  path: string;
  user_id: string;
  /** What was stored (every image is re-encoded as WebP), never what the client said. */
  content_type: string;
  size: number;
  /** A strong ETag of the bytes, quoted, ready for the header. */
  etag: string;
  data: Buffer;
  created_at: Timestamp;
}

export interface VerseHighlightsTable {
  id: string;
  user_id: string;
  book_name: string;
  chapter_number: number;
  verse_number: number;
  /** Its topics as written (decision 027, migration 0019). */
  tags: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Timestamp;
}

/**
 * One topic on one item (decision 027, migration 0019): exactly one of note_id, highlight_id and
 * saved_verse_id is set. tag_key is the tag folded (shared/rules/topics.ts), verse the item's
 * first verse as shared/bible/verse-index.ts numbers it.
 */
export interface TopicItemsTable {
  id: string;
  user_id: string;
  tag_key: string;
  tag: string;
  verse: number;
  note_id: ColumnType<string | null, string | null | undefined, never>;
  highlight_id: ColumnType<string | null, string | null | undefined, never>;
  saved_verse_id: ColumnType<string | null, string | null | undefined, never>;
}

/** A note on a verse or a run of one chapter's verses (decision 024; migration 0017). */
export interface VerseNotesTable {
  id: string;
  user_id: string;
  book_index: number;
  /** The first and last verse as numbered by shared/bible/verse-index.ts (KJV versification). */
  first_verse: number;
  last_verse: number;
  text: string;
  tags: string[];
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A request on a member's prayer list (decision 025; migration 0018). */
export interface PrayerRequestsTable {
  id: string;
  user_id: string;
  title: string;
  details: string | null;
  person: string | null;
  verse_reference: string | null;
  /** The verse verse_reference names, in Bible order (verse-index.ts); null when it names none. */
  reference_verse: number | null;
  /** The weekdays the reminder comes ('monday', ...), JSON as the settings' reminder days. */
  reminder_days: Weekday[] | null;
  /** 'HH:MM' in the person's time zone. */
  reminder_time: string | null;
  /** When the reminder is next due (the tick's index); null without one or once answered. */
  reminder_next_at: Timestamp | null;
  /** The person's local day the prayer was answered (YYYY-MM-DD). */
  answered_on: string | null;
  /** When it was marked answered: the answered list's order. */
  answered_at: Timestamp | null;
  answer_note: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A day a request was prayed through (the person's local date). */
export interface PrayerDaysTable {
  request_id: string;
  user_id: string;
  day: string;
}

/** A private group (decision 028; migration 0023). */
export interface GroupsTable {
  id: string;
  name: string;
  description: string;
  owner_id: string;
  /** The library plan the group reads together, and its day 1 (YYYY-MM-DD), or null. */
  plan_id: string | null;
  plan_start_date: string | null;
  /** Kept in step with group_members in the same transaction as each join and leave. */
  member_count: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type GroupRole = 'owner' | 'leader' | 'member';

export interface GroupMembersTable {
  group_id: string;
  user_id: string;
  role: GroupRole;
  joined_at: Timestamp;
}

export interface GroupInvitesTable {
  id: string;
  group_id: string;
  /** SHA-256 of the link's token; the token itself is never stored. */
  token_hash: string;
  created_by: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  max_uses: number | null;
  uses: number;
  revoked_at: Timestamp | null;
}

export interface GroupPostsTable {
  id: string;
  group_id: string;
  /** null once the author's account is deleted ("A former member"). */
  author_id: string | null;
  is_anonymous: boolean;
  text: string;
  /** The request on the author's prayer list it was shared from, if any. */
  prayer_request_id: string | null;
  answered_at: Timestamp | null;
  answer_note: string | null;
  hidden_at: Timestamp | null;
  hidden_by: string | null;
  prayed_count: number;
  reply_count: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type GroupReplyKind = 'encouragement' | 'update';

export interface GroupRepliesTable {
  id: string;
  post_id: string;
  group_id: string;
  author_id: string | null;
  kind: GroupReplyKind;
  text: string;
  hidden_at: Timestamp | null;
  hidden_by: string | null;
  created_at: Timestamp;
}

/** "I prayed": once per person per post per local day (YYYY-MM-DD). */
export interface GroupPrayedTable {
  post_id: string;
  user_id: string;
  day: string;
  created_at: Timestamp;
}

export interface GroupCheckInsTable {
  group_id: string;
  user_id: string;
  day: string;
  text: string;
  created_at: Timestamp;
}

export interface GroupReportsTable {
  id: string;
  group_id: string;
  post_id: string | null;
  reply_id: string | null;
  reporter_id: string;
  reason: string;
  created_at: Timestamp;
  resolved_at: Timestamp | null;
}

/** The last group notice of a kind a person got from a group: at most one an hour (0023). */
export interface GroupNoticeLogTable {
  user_id: string;
  group_id: string;
  kind: string;
  notification_id: string;
  gathered: number;
  sent_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  password_credentials: PasswordCredentialsTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  oauth_accounts: OAuthAccountsTable;
  oauth_states: OAuthStatesTable;
  email_confirmation_tokens: EmailConfirmationTokensTable;
  known_devices: KnownDevicesTable;
  attempt_counters: AttemptCountersTable;
  server_secrets: ServerSecretsTable;
  profiles: ProfilesTable;
  user_settings: UserSettingsTable;
  notifications: NotificationsTable;
  saved_verses: SavedVersesTable;
  journal_entries: JournalEntriesTable;
  testimonies: TestimoniesTable;
  bookmarked_chapters: BookmarkedChaptersTable;
  reading_progress: ReadingProgressTable;
  verse_highlights: VerseHighlightsTable;
  push_subscriptions: PushSubscriptionsTable;
  custom_plans: CustomPlansTable;
  plan_enrollments: PlanEnrollmentsTable;
  plan_reading_marks: PlanReadingMarksTable;
  streak_days: StreakDaysTable;
  memory_cards: MemoryCardsTable;
  stored_files: StoredFilesTable;
  verse_notes: VerseNotesTable;
  topic_items: TopicItemsTable;
  prayer_requests: PrayerRequestsTable;
  prayer_days: PrayerDaysTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  group_invites: GroupInvitesTable;
  group_posts: GroupPostsTable;
  group_replies: GroupRepliesTable;
  group_prayed: GroupPrayedTable;
  group_check_ins: GroupCheckInsTable;
  group_reports: GroupReportsTable;
  group_notice_log: GroupNoticeLogTable;
}

/** Every table that holds a user's own rows; export and account deletion walk this list. */
export const userOwnedTables = [
  'password_credentials',
  'sessions',
  'password_reset_tokens',
  'oauth_accounts',
  'profiles',
  'user_settings',
  'notifications',
  'saved_verses',
  'journal_entries',
  'testimonies',
  'bookmarked_chapters',
  'reading_progress',
  'verse_highlights',
  'push_subscriptions',
  'email_confirmation_tokens',
  'known_devices',
  'custom_plans',
  'plan_enrollments',
  'plan_reading_marks',
  'streak_days',
  'memory_cards',
  'stored_files',
  'verse_notes',
  'topic_items',
  'prayer_requests',
  'prayer_days',
] as const satisfies readonly (keyof Database)[];

/**
 * Columns stored as 0/1 in SQLite that services read and write as booleans, and the flags lists
 * read with their page through exists(), which SQLite answers 0 or 1 too.
 */
export const booleanColumns = new Set([
  'email_verified',
  'daily_verse_notifications',
  'journal_reminders',
  'dark_mode',
  'is_read',
  'is_anonymous',
  'is_approved',
  'plan_reminders',
  'show_reading_to_groups',
  'group_request_notifications',
  'group_prayed_notifications',
  'group_update_notifications',
  'group_reading_notifications',
  'prayed_today',
  'prayed_by_me',
]);

/** Columns holding a JSON list (text in SQLite, jsonb in PostgreSQL). */
export const jsonColumns = new Set([
  'reminder_days',
  'emotion_tags',
  'plan_reminder_days',
  'plan_days',
  'schedule',
  'kinds',
  'tags',
]);
