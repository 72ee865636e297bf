import { createECDH, randomBytes } from 'node:crypto';
import type { Database } from '#server/db/types.ts';
import { studyDataVersion } from '#shared/rules/study.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A path parameter's valid value: fixed, the id of one of the caller's rows in a table, or a
 * file path in the caller's own storage folder (`{user id}/{ownPath}`, decision 017).
 */
export type ParamExample = { value: string } | { table: keyof Database } | { ownPath: string };

/** One API route with a valid request, which the generators start from and then spoil. */
export type HostileRoute = {
  method: Method;
  /** The route as registered, with :params. */
  url: string;
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  params?: Record<string, ParamExample>;
  /**
   * Tables in which this route may change other users' rows when it succeeds (a moderator
   * approving someone's testimony); every other route leaves other users' rows alone.
   */
  changesOthers?: (keyof Database)[];
  /** Fewer generated requests than the default, for a route whose every answer is costly. */
  runs?: number;
  /** A list answered a page at a time (decision 012): it takes `cursor`, and refuses a bad one. */
  isPaged?: true;
  /**
   * The body is a picture's raw bytes, up to 5 MB, not JSON (decision 017): the valid request sends
   * a small PNG, and the generated bodies are that PNG spoiled besides the JSON and text.
   */
  isUpload?: true;
};

/** The file the storage routes' valid requests put and remove, in the caller's own folder. */
export const hostileFilePath = 'hostile/picture.png';

export type Credentials = { email: string; password: string };

/** A usable Web Push key pair (an uncompressed P-256 point and a 16-byte secret). */
function pushKeys(): { p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  return {
    p256dh: ecdh.generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

const chapter = { book_name: 'John', chapter_number: 3 };
const chapterQuery = { book_name: 'John', chapter_number: '3' };

/**
 * Every API route the hostile-input tests drive. hostile-input.test.ts fails when the server has
 * a route this list lacks (or the reverse), so a new route cannot slip past these tests.
 */
export function hostileRoutes(account: Credentials): HostileRoute[] {
  return [
    { method: 'GET', url: '/api/health' },
    { method: 'GET', url: '/api/ready' },
    {
      method: 'POST',
      url: '/api/client-log',
      body: { level: 'warn', event: 'not_found', path: '/x', message: 'gone' },
    },

    { method: 'GET', url: '/api/bible/books' },
    { method: 'GET', url: '/api/bible/translations' },
    {
      method: 'GET',
      url: '/api/bible/passage',
      query: { reference: 'John 3:16-18', translation: 'asv' },
    },
    {
      method: 'GET',
      url: '/api/bible/search',
      query: { q: 'love one another', limit: '5', offset: '0', translation: 'web' },
    },
    // Every answer is the whole Bible (16 MB, or 1.7 MB compressed; the raw verses 4.3 MB, or
    // 1.0 MB compressed); it reads only headers.
    { method: 'GET', url: '/api/bible/download', runs: 8 },
    {
      method: 'GET',
      url: '/api/bible/download/verses',
      query: { translation: 'asv' },
      runs: 8,
    },
    {
      method: 'GET',
      url: '/api/bible/:book/:chapter',
      params: { book: { value: 'John' }, chapter: { value: '3' } },
      query: { translation: 'web' },
    },
    {
      method: 'GET',
      url: '/api/study/:book/:chapter/:verse/cross-references',
      params: { book: { value: 'John' }, chapter: { value: '3' }, verse: { value: '16' } },
      query: { translation: 'web', offset: '0', limit: '5' },
    },
    {
      method: 'GET',
      url: '/api/study/:book/:chapter',
      params: { book: { value: 'John' }, chapter: { value: '3' } },
      query: { v: studyDataVersion },
    },
    // The study notes for offline use: every chapter's study data (6.3 MB, 0.83 MB brotli) and
    // the Strong's dictionaries (3.0 MB, 0.65 MB); it reads only headers.
    { method: 'GET', url: '/api/study/download', query: { v: studyDataVersion }, runs: 8 },
    { method: 'GET', url: '/api/study/dictionary', query: { v: studyDataVersion }, runs: 8 },
    {
      method: 'GET',
      url: '/api/study/:book/:chapter/:verse/context',
      params: { book: { value: 'John' }, chapter: { value: '3' }, verse: { value: '16' } },
      query: { translation: 'web' },
    },
    {
      method: 'GET',
      url: '/api/study/strongs/:number',
      params: { number: { value: 'G25' } },
      query: { offset: '0', limit: '5' },
    },
    { method: 'GET', url: '/api/verses/catalogue', query: { translation: 'web' } },
    {
      method: 'GET',
      url: '/api/verses/daily/:day',
      params: { day: { value: '100' } },
      query: { translation: 'asv' },
    },
    {
      method: 'GET',
      url: '/api/verses/suggestions',
      query: { mood: 'anxious', translation: 'web' },
    },

    { method: 'GET', url: '/api/auth/session' },
    { method: 'GET', url: '/api/auth/providers' },
    {
      method: 'POST',
      url: '/api/auth/signup',
      body: {
        email: 'hostile-new@example.com',
        password: 'still-waters-23',
        display_name: 'New Person',
      },
    },
    { method: 'POST', url: '/api/auth/signin', body: account },
    { method: 'POST', url: '/api/auth/signout' },
    { method: 'POST', url: '/api/auth/signout-all' },
    // An address with no account: a reset for a real one writes its token after answering.
    { method: 'POST', url: '/api/auth/password-reset', body: { email: 'nobody-here@example.com' } },
    {
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      body: { token: 'a'.repeat(43), password: 'new-and-long-77' },
    },
    { method: 'POST', url: '/api/auth/password-reset/check', body: { token: 'a'.repeat(43) } },
    { method: 'POST', url: '/api/auth/confirm-email', body: { token: 'a'.repeat(43) } },
    { method: 'POST', url: '/api/auth/confirm-email/lookup', body: { token: 'a'.repeat(43) } },
    { method: 'POST', url: '/api/auth/confirm-email/decline', body: { token: 'a'.repeat(43) } },
    { method: 'POST', url: '/api/auth/confirm-email/resend' },
    // The account's only method: refused with 409, so the account stays usable for the run.
    {
      method: 'DELETE',
      url: '/api/auth/methods/:method',
      params: { method: { value: 'password' } },
    },
    { method: 'GET', url: '/api/auth/google', query: { return_to: '/journal', connect: '1' } },
    { method: 'GET', url: '/api/auth/google/callback', query: { code: 'abc', state: 'xyz' } },

    { method: 'GET', url: '/api/profile' },
    { method: 'PATCH', url: '/api/profile', body: { display_name: 'Ruth' } },
    { method: 'GET', url: '/api/settings' },
    {
      method: 'PATCH',
      url: '/api/settings',
      body: {
        dark_mode: true,
        reminder_days: ['monday', 'friday'],
        reminder_time: '08:30',
        reminder_timezone: 'Europe/London',
        journal_reminders: false,
        daily_verse_notifications: true,
        translation: 'web',
      },
    },
    // Habits (decision 016): the streak, its rest day, and the daily reading reminder.
    { method: 'GET', url: '/api/streak' },
    { method: 'PUT', url: '/api/streak/settings', body: { rest_day: 'sunday' } },
    { method: 'GET', url: '/api/habit-reminder' },
    {
      method: 'PUT',
      url: '/api/habit-reminder',
      body: { enabled: true, time: '07:30', days: ['monday', 'friday'] },
    },
    // Decision 017: the profile picture (its bytes, and a crop in the query) and the spec's storage.
    {
      method: 'PUT',
      url: '/api/profile/picture',
      query: { left: '0.25', top: '0', width: '0.5', height: '1' },
      isUpload: true,
    },
    { method: 'DELETE', url: '/api/profile/picture' },
    { method: 'GET', url: '/api/storage/user-content', query: { limit: '10', offset: '0' } },
    {
      method: 'POST',
      url: '/api/storage/user-content/*',
      params: { '*': { ownPath: hostileFilePath } },
      isUpload: true,
    },
    {
      method: 'DELETE',
      url: '/api/storage/user-content/*',
      params: { '*': { ownPath: hostileFilePath } },
    },
    { method: 'GET', url: '/api/account/export' },
    { method: 'GET', url: '/api/account/export.zip', query: { format: 'markdown' } },
    { method: 'DELETE', url: '/api/account', body: { password: account.password } },

    { method: 'GET', url: '/api/progress', query: { limit: '10' }, isPaged: true },
    { method: 'GET', url: '/api/progress/books' },
    { method: 'POST', url: '/api/progress', body: { ...chapter, reading_time_seconds: 90 } },
    { method: 'DELETE', url: '/api/progress', query: chapterQuery },
    { method: 'GET', url: '/api/progress/stats' },
    { method: 'GET', url: '/api/progress/last-position' },
    {
      method: 'GET',
      url: '/api/reader/last-visit/:book/:chapter',
      params: { book: { value: 'John' }, chapter: { value: '3' } },
    },
    { method: 'GET', url: '/api/bookmarks', query: { q: 'ruth', limit: '10' }, isPaged: true },
    { method: 'GET', url: '/api/bookmarks/status', query: chapterQuery },
    { method: 'POST', url: '/api/bookmarks/toggle', body: chapter },
    {
      method: 'DELETE',
      url: '/api/bookmarks/:id',
      params: { id: { table: 'bookmarked_chapters' } },
    },
    { method: 'GET', url: '/api/reading-plan' },
    { method: 'POST', url: '/api/reading-plan' },
    { method: 'DELETE', url: '/api/reading-plan' },

    // Habits: the plan library and the plans one follows.
    { method: 'GET', url: '/api/plans' },
    {
      method: 'GET',
      url: '/api/plans/:planId/days',
      params: { planId: { value: 'gospels-30' } },
      query: { from: '1', count: '7' },
    },
    { method: 'GET', url: '/api/my-plans' },
    { method: 'POST', url: '/api/my-plans', body: { plan_id: 'nt-90' } },
    { method: 'POST', url: '/api/my-plans/mood', body: { mood: 'anxious' } },
    {
      method: 'GET',
      url: '/api/my-plans/:id/days',
      params: { id: { table: 'plan_enrollments' } },
      query: { from: '1', count: '7' },
    },
    {
      method: 'PUT',
      url: '/api/my-plans/:id/days/:day',
      params: { id: { table: 'plan_enrollments' }, day: { value: '1' } },
      body: { done: true, readings: [0] },
    },
    {
      method: 'POST',
      url: '/api/my-plans/:id/catch-up',
      params: { id: { table: 'plan_enrollments' } },
    },
    {
      method: 'POST',
      url: '/api/my-plans/:id/pause',
      params: { id: { table: 'plan_enrollments' } },
    },
    {
      method: 'POST',
      url: '/api/my-plans/:id/resume',
      params: { id: { table: 'plan_enrollments' } },
    },
    { method: 'DELETE', url: '/api/my-plans/:id', params: { id: { table: 'plan_enrollments' } } },
    {
      method: 'GET',
      url: '/api/highlights',
      query: { ...chapterQuery, limit: '100' },
      isPaged: true,
    },
    { method: 'POST', url: '/api/highlights/toggle', body: { ...chapter, verse_number: 16 } },
    // Topics (decision 027).
    {
      method: 'PATCH',
      url: '/api/highlights/:id',
      body: { tags: ['grace', 'Seeded'] },
      params: { id: { table: 'verse_highlights' } },
    },

    {
      method: 'GET',
      url: '/api/saved-verses',
      query: { q: 'wept', theme: 'Comfort', limit: '10' },
      isPaged: true,
    },
    { method: 'GET', url: '/api/saved-verses/status', query: { reference: 'John 3:16' } },
    {
      method: 'POST',
      url: '/api/saved-verses',
      body: {
        text: 'Jesus wept.',
        reference: 'John 11:35',
        theme: 'Comfort',
        emotion_tag: 'sad',
        custom_note: 'A note',
        translation: 'web',
      },
    },
    {
      method: 'PATCH',
      url: '/api/saved-verses/:id',
      body: { tags: ['grace'] },
      params: { id: { table: 'saved_verses' } },
    },
    { method: 'DELETE', url: '/api/saved-verses/:id', params: { id: { table: 'saved_verses' } } },
    { method: 'GET', url: '/api/topics', query: { limit: '50', cursor: 'faith' } },
    {
      method: 'GET',
      url: '/api/topics/:tag',
      params: { tag: { value: 'seeded' } },
      query: { limit: '10', translation: 'web' },
      isPaged: true,
    },

    // Habits: verses learned by heart.
    { method: 'GET', url: '/api/memory-cards', query: { limit: '10' }, isPaged: true },
    { method: 'GET', url: '/api/memory-cards/due' },
    { method: 'GET', url: '/api/memory-cards/due-count' },
    { method: 'GET', url: '/api/memory-cards/status', query: { reference: 'John 11:35' } },
    {
      method: 'POST',
      url: '/api/memory-cards',
      body: { reference: 'Psalm 23:1', translation: 'web' },
    },
    {
      method: 'POST',
      url: '/api/memory-cards/:id/review',
      params: { id: { table: 'memory_cards' } },
      body: { rating: 3, mode: 'first-letters' },
    },
    { method: 'DELETE', url: '/api/memory-cards/:id', params: { id: { table: 'memory_cards' } } },

    {
      method: 'GET',
      url: '/api/journal',
      query: { q: 'grateful', tag: 'Grateful', limit: '10' },
      isPaged: true,
    },
    {
      method: 'POST',
      url: '/api/journal',
      body: {
        title: 'Morning',
        content: 'Grateful today.',
        emotion_tags: ['Grateful'],
        verse_reference: 'Psalm 23:1',
      },
    },
    {
      method: 'PATCH',
      url: '/api/journal/:id',
      body: { title: 'Evening', content: 'Still grateful.' },
      params: { id: { table: 'journal_entries' } },
    },
    { method: 'DELETE', url: '/api/journal/:id', params: { id: { table: 'journal_entries' } } },

    // Notes on verses (decision 024).
    {
      method: 'GET',
      url: '/api/notes',
      query: { q: 'loved', book: 'John', tag: 'love', limit: '10' },
      isPaged: true,
    },
    {
      method: 'POST',
      url: '/api/notes',
      body: {
        book_name: 'John',
        chapter_number: 3,
        verse_number: 16,
        end_verse_number: 17,
        text: 'For God so loved the world.\nAnd sent, not to condemn.',
        tags: ['love'],
      },
    },
    {
      method: 'GET',
      url: '/api/notes/chapter/:book/:chapter',
      params: { book: { value: 'John' }, chapter: { value: '3' } },
    },
    { method: 'GET', url: '/api/notes/:id', params: { id: { table: 'verse_notes' } } },
    {
      method: 'PATCH',
      url: '/api/notes/:id',
      body: { text: 'Loved first.', tags: ['love', 'grace'] },
      params: { id: { table: 'verse_notes' } },
    },
    { method: 'DELETE', url: '/api/notes/:id', params: { id: { table: 'verse_notes' } } },

    // Groups, members and invite links (decision 028); the caller owns the seeded group.
    { method: 'GET', url: '/api/groups' },
    { method: 'POST', url: '/api/groups', body: { name: 'Fridays', description: 'We pray.' } },
    { method: 'GET', url: '/api/groups/:id', params: { id: { table: 'groups' } } },
    {
      method: 'PATCH',
      url: '/api/groups/:id',
      body: { name: 'Saturdays' },
      params: { id: { table: 'groups' } },
    },
    { method: 'DELETE', url: '/api/groups/:id', params: { id: { table: 'groups' } } },
    { method: 'POST', url: '/api/groups/:id/leave', params: { id: { table: 'groups' } } },
    {
      method: 'GET',
      url: '/api/groups/:id/members',
      query: { limit: '10' },
      params: { id: { table: 'groups' } },
      isPaged: true,
    },
    {
      method: 'PATCH',
      url: '/api/groups/:id/members/:userId',
      body: { role: 'leader' },
      params: {
        id: { table: 'groups' },
        userId: { value: '00000000-0000-4000-8000-000000000000' },
      },
    },
    {
      method: 'DELETE',
      url: '/api/groups/:id/members/:userId',
      params: {
        id: { table: 'groups' },
        userId: { value: '00000000-0000-4000-8000-000000000000' },
      },
    },
    {
      method: 'POST',
      url: '/api/groups/:id/owner',
      body: { user_id: '00000000-0000-4000-8000-000000000000' },
      params: { id: { table: 'groups' } },
    },
    { method: 'GET', url: '/api/groups/:id/invites', params: { id: { table: 'groups' } } },
    {
      method: 'POST',
      url: '/api/groups/:id/invites',
      body: { days: 7, max_uses: 10 },
      params: { id: { table: 'groups' } },
    },
    {
      method: 'DELETE',
      url: '/api/groups/:id/invites/:inviteId',
      params: {
        id: { table: 'groups' },
        inviteId: { value: '00000000-0000-4000-8000-000000000000' },
      },
    },
    {
      method: 'GET',
      url: '/api/group-invites/:token',
      params: { token: { value: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } },
    },
    {
      method: 'POST',
      url: '/api/group-invites/:token/accept',
      params: { token: { value: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } },
    },

    // The prayer wall (decision 028): the valid requests name the caller's own group.
    {
      method: 'GET',
      url: '/api/groups/:id/posts',
      query: { limit: '10' },
      params: { id: { table: 'groups' } },
      isPaged: true,
    },
    {
      method: 'POST',
      url: '/api/groups/:id/posts',
      body: { text: 'Pray for rain.', is_anonymous: false },
      params: { id: { table: 'groups' } },
    },
    {
      method: 'PATCH',
      url: '/api/groups/:id/posts/:postId',
      body: { answered: true, answer_note: 'It rained.' },
      params: {
        id: { table: 'groups' },
        postId: { value: '00000000-0000-4000-8000-000000000000' },
      },
    },
    {
      method: 'DELETE',
      url: '/api/groups/:id/posts/:postId',
      params: {
        id: { table: 'groups' },
        postId: { value: '00000000-0000-4000-8000-000000000000' },
      },
    },
    {
      method: 'POST',
      url: '/api/groups/:id/posts/:postId/prayed',
      params: {
        id: { table: 'groups' },
        postId: { value: '00000000-0000-4000-8000-000000000000' },
      },
    },
    {
      method: 'GET',
      url: '/api/groups/:id/posts/:postId/replies',
      query: { limit: '10' },
      params: {
        id: { table: 'groups' },
        postId: { value: '00000000-0000-4000-8000-000000000000' },
      },
      isPaged: true,
    },
    {
      method: 'POST',
      url: '/api/groups/:id/posts/:postId/replies',
      body: { kind: 'encouragement', text: 'Praying.' },
      params: {
        id: { table: 'groups' },
        postId: { value: '00000000-0000-4000-8000-000000000000' },
      },
    },
    {
      method: 'DELETE',
      url: '/api/groups/:id/replies/:replyId',
      params: {
        id: { table: 'groups' },
        replyId: { value: '00000000-0000-4000-8000-000000000000' },
      },
    },
    {
      method: 'POST',
      url: '/api/groups/:id/posts/:postId/hide',
      params: {
        id: { table: 'groups' },
        postId: { value: '00000000-0000-4000-8000-000000000000' },
      },
    },
    {
      method: 'POST',
      url: '/api/groups/:id/replies/:replyId/hide',
      params: {
        id: { table: 'groups' },
        replyId: { value: '00000000-0000-4000-8000-000000000000' },
      },
    },
    {
      method: 'POST',
      url: '/api/groups/:id/posts/:postId/unhide',
      params: {
        id: { table: 'groups' },
        postId: { value: '00000000-0000-4000-8000-000000000000' },
      },
    },
    {
      method: 'POST',
      url: '/api/groups/:id/replies/:replyId/unhide',
      params: {
        id: { table: 'groups' },
        replyId: { value: '00000000-0000-4000-8000-000000000000' },
      },
    },
    {
      method: 'POST',
      url: '/api/groups/:id/reports',
      body: { post_id: '00000000-0000-4000-8000-000000000000', reason: 'Unkind' },
      params: { id: { table: 'groups' } },
    },
    { method: 'GET', url: '/api/groups/:id/reports', params: { id: { table: 'groups' } } },
    {
      method: 'POST',
      url: '/api/groups/:id/reports/:reportId/resolve',
      params: {
        id: { table: 'groups' },
        reportId: { value: '00000000-0000-4000-8000-000000000000' },
      },
    },

    // Reading together (decision 028).
    { method: 'GET', url: '/api/groups/:id/reading', params: { id: { table: 'groups' } } },
    {
      method: 'PUT',
      url: '/api/groups/:id/plan',
      body: { plan_id: 'gospels-30', start_date: '2026-01-05' },
      params: { id: { table: 'groups' } },
    },
    { method: 'DELETE', url: '/api/groups/:id/plan', params: { id: { table: 'groups' } } },
    {
      method: 'PUT',
      url: '/api/groups/:id/check-in',
      body: { text: 'Read John 1.' },
      params: { id: { table: 'groups' } },
    },

    // A group page's live stream (decision 028). Its valid request names a group the caller is
    // not in: a member's stream stays open for hours, and these tests wait for each answer.
    {
      method: 'GET',
      url: '/api/groups/:id/events',
      params: { id: { value: '00000000-0000-4000-8000-000000000000' } },
    },

    // The prayer list (decision 025).
    {
      method: 'GET',
      url: '/api/prayers',
      query: { answered: 'false', limit: '10' },
      isPaged: true,
    },
    {
      method: 'POST',
      url: '/api/prayers',
      body: {
        title: 'For my sister',
        details: 'Healing and rest.',
        person: 'Anna',
        verse_reference: 'John 3:16',
        reminder_days: ['monday', 'thursday'],
        reminder_time: '07:30',
      },
    },
    { method: 'GET', url: '/api/prayers/:id', params: { id: { table: 'prayer_requests' } } },
    {
      method: 'PATCH',
      url: '/api/prayers/:id',
      body: { title: 'For Anna', reminder_days: null, reminder_time: null },
      params: { id: { table: 'prayer_requests' } },
    },
    {
      method: 'POST',
      url: '/api/prayers/:id/prayed',
      params: { id: { table: 'prayer_requests' } },
    },
    {
      method: 'POST',
      url: '/api/prayers/:id/answered',
      body: { answer_note: 'She is walking again.' },
      params: { id: { table: 'prayer_requests' } },
    },
    {
      method: 'DELETE',
      url: '/api/prayers/:id/answered',
      params: { id: { table: 'prayer_requests' } },
    },
    { method: 'DELETE', url: '/api/prayers/:id', params: { id: { table: 'prayer_requests' } } },

    { method: 'GET', url: '/api/testimonies', query: { limit: '10' }, isPaged: true },
    { method: 'GET', url: '/api/testimonies/mine', query: { limit: '10' }, isPaged: true },
    {
      method: 'POST',
      url: '/api/testimonies',
      body: {
        feeling: 'Afraid of the move.',
        god_reminded: 'He goes before me.',
        is_anonymous: false,
        author_name: 'Ruth',
      },
    },
    { method: 'DELETE', url: '/api/testimonies/:id', params: { id: { table: 'testimonies' } } },
    { method: 'GET', url: '/api/moderation/testimonies', query: { limit: '10' }, isPaged: true },
    {
      method: 'POST',
      url: '/api/moderation/testimonies/:id/approve',
      params: { id: { table: 'testimonies' } },
      changesOthers: ['testimonies'],
    },
    {
      method: 'POST',
      url: '/api/moderation/testimonies/:id/decline',
      params: { id: { table: 'testimonies' } },
      changesOthers: ['testimonies'],
    },

    { method: 'GET', url: '/api/notifications', query: { limit: '10' }, isPaged: true },
    { method: 'GET', url: '/api/notifications/unread-count' },
    { method: 'POST', url: '/api/notifications/read-all' },
    {
      method: 'POST',
      url: '/api/notifications/:id/read',
      params: { id: { table: 'notifications' } },
    },
    { method: 'POST', url: '/api/notifications/test' },
    { method: 'POST', url: '/api/dev/reminders/run', body: { at: '2025-03-04T09:00:00Z' } },
    { method: 'GET', url: '/api/push/config' },
    {
      method: 'PUT',
      url: '/api/push/subscription',
      body: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: pushKeys() },
    },
    {
      method: 'DELETE',
      url: '/api/push/subscription',
      body: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' },
    },
  ];
}

export function routeKey(route: { method: string; url: string }): string {
  return `${route.method} ${route.url}`;
}
