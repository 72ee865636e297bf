import type { AuthProvidersResponse, SessionUser } from './schemas/auth.ts';
import type { ChapterResponse } from './schemas/bible.ts';
import type { Group, GroupPost } from './schemas/groups.ts';
import type { JournalListItem } from './schemas/journal.ts';
import type { NoteListItem } from './schemas/notes.ts';
import type { Page } from './schemas/pagination.ts';
import type { PlanDaysResponse, PlanLibraryResponse } from './schemas/plans.ts';
import type { PrayerRequest } from './schemas/prayers.ts';
import type { PublicTestimony } from './schemas/testimonies.ts';
import type { DailyVerseResponse, SavedVerseListItem } from './schemas/verses.ts';

type SiteRoute = {
  /** The name app/router.tsx knows the screen by (its lazy import and who may see it). */
  id: string;
  path: string;
  /** The screen's heading and the first part of its tab title; none for the landing page. */
  title?: string;
  /**
   * Rendered to markup when the client is built, so the page is drawn before the app's
   * JavaScript runs (scripts/prerender-plugin.ts). Only screens that look the same to every
   * visitor at any date until their data arrives: not the signed-in ones, not the verse of
   * the day (the server draws it for the day), not /auth (whether Google is offered is the
   * server's setting), not the reader (its chapter comes from the address: the server renders
   * each chapter when it is first asked for, decision 006). Decision 011 lists who draws what.
   */
  prerender?: boolean;
};

/** Every screen of product §2. The server uses this to answer unknown paths with status 404. */
export const siteRoutes = [
  {
    id: 'landing',
    path: '/',
    prerender: true,
  },
  {
    id: 'auth',
    path: '/auth',
    title: 'Sign In',
  },
  {
    id: 'reset-password',
    path: '/auth/reset-password',
    title: 'Choose a New Password',
  },
  {
    id: 'confirm-email',
    path: '/auth/confirm-email',
    title: 'Confirm Your E-mail',
  },
  {
    id: 'feeling',
    path: '/feeling',
    title: 'How Are You Feeling?',
    prerender: true,
  },
  {
    id: 'verse-of-day',
    path: '/verse-of-day',
    title: 'Verse of the Day',
  },
  {
    id: 'read-bible',
    path: '/read-bible',
    title: 'Read the Bible',
  },
  {
    id: 'prayer',
    path: '/prayer',
    title: 'Prayer & Meditation',
    prerender: true,
  },
  {
    id: 'journal',
    path: '/journal',
    title: 'Journal',
  },
  {
    id: 'journal-entries',
    path: '/journal-entries',
    title: 'My Journal Entries',
  },
  {
    id: 'saved-verses',
    path: '/saved-verses',
    title: 'Saved Verses',
  },
  {
    id: 'topics',
    path: '/topics',
    title: 'Topics',
  },
  {
    id: 'notes',
    path: '/notes',
    title: 'Notes',
  },
  {
    id: 'groups',
    path: '/groups',
    title: 'Groups',
  },
  // A group's page and an invite link's page (decision 028): a path with a part of its own.
  {
    id: 'group',
    path: '/groups/:id',
    title: 'Group',
  },
  {
    id: 'group-join',
    path: '/groups/join/:token',
    title: 'Join a Group',
  },
  {
    id: 'bookmarks',
    path: '/bookmarks',
    title: 'Bookmarked Chapters',
  },
  {
    id: 'verse-graphics',
    path: '/verse-graphics',
    title: 'Verse Graphics',
    prerender: true,
  },
  {
    id: 'testimony',
    path: '/testimony',
    title: 'Share Your Testimony',
  },
  {
    id: 'plans',
    path: '/plans',
    title: 'Reading Plans',
  },
  {
    id: 'memorize',
    path: '/memorize',
    title: 'Learn by Heart',
  },
  {
    id: 'moderation',
    path: '/moderation',
    title: 'Moderation',
  },
  {
    id: 'settings',
    path: '/settings',
    title: 'Settings',
  },
  {
    id: 'privacy-policy',
    path: '/privacy-policy',
    title: 'Privacy Policy',
    prerender: true,
  },
  {
    id: 'terms-of-service',
    path: '/terms-of-service',
    title: 'Terms of Service',
    prerender: true,
  },
] as const satisfies readonly SiteRoute[];

export type SitePath = (typeof siteRoutes)[number]['path'];
export type SiteRouteId = (typeof siteRoutes)[number]['id'];

// Pure: the client bundle, which needs none of the routes' descriptions, can leave them out.
export const sitePaths: readonly SitePath[] = /* @__PURE__ */ siteRoutes.map((route) => route.path);

/** Where the build writes their markup, by path, inside the client build (as JSON). */
export const prerenderedFile = '.vite/prerendered.json';

/**
 * The build's renderer for Node (src/client/prerender.tsx, built by scripts/prerender-plugin.ts),
 * inside the client build. The server renders the reader's chapters with it (decision 006).
 */
export const screenRendererFile = '.vite/ssr/render.js';

/** What the renderer may draw a screen with: the answers of the queries the screen would ask. */
export type ScreenData = {
  chapter?: ChapterResponse;
  /** The same chapter in the translation read alongside (`&parallel=`): two columns drawn. */
  parallelChapter?: ChapterResponse;
  /** The first page of the approved testimonies (/testimony, decision 011). */
  testimonies?: Page<PublicTestimony>;
  /** The plan library (/plans). */
  planLibrary?: PlanLibraryResponse;
  /** A library plan and its first days, as its page (/plans?plan=…) asks for them. */
  planDays?: PlanDaysResponse;
  /** The request carried no session cookie: the screen is drawn as a visitor sees it. */
  signedOut?: boolean;
  /**
   * Who is signed in, from the request's session: the screen is drawn for them (the page
   * is theirs alone and is never kept, decision 011).
   */
  user?: SessionUser;
  /** The first page of the signed-in person's journal (/journal-entries). */
  journalEntries?: Page<JournalListItem>;
  /** The signed-in person's newest entries, as /journal lists them under the writer. */
  recentJournalEntries?: Page<JournalListItem>;
  /** Which sign-in providers this server offers (/auth draws Google's button or none). */
  authProviders?: AuthProvidersResponse;
  /**
   * The verse of the day the server drew /verse-of-day with: its calendar day ('2026-11-29',
   * the server's date) and the verse, in the translation the request named. The app shows it
   * until it knows the visitor's own day and translation (decision 011).
   */
  dailyVerse?: { date: string; verse: DailyVerseResponse };
  /** The first page of the signed-in person's saved verses (/saved-verses). */
  savedVerses?: Page<SavedVerseListItem>;
  /** The first page of the signed-in person's notes on verses (/notes). */
  notes?: Page<NoteListItem>;
  /** The first page of the signed-in person's open prayer requests (/prayer's 'My prayer list'). */
  prayers?: Page<PrayerRequest>;
  /** The group of /groups/{id}, for one of its members (decision 028). */
  group?: Group;
  /** The first page of that group's prayer wall, as the member sees it. */
  groupPosts?: Page<GroupPost>;
};

/**
 * The id of the <script type="application/json"> in a page rendered with data: the queries the
 * server filled in (TanStack Query's dehydrated state), which main.tsx hands to the app's cache
 * before hydrating, so the app renders what the server drew.
 */
export const handedOverStateId = 'handed-over-state';

/** The screens rendered at build time (scripts/prerender-plugin.ts). */
export const prerenderedPaths: readonly SitePath[] = /* @__PURE__ */ siteRoutes
  .filter((route) => 'prerender' in route && route.prerender)
  .map((route) => route.path);

/** The 404 page for any other path (product §2). */
export const notFoundRoute = {
  title: 'Page not found',
} as const satisfies Omit<SiteRoute, 'id' | 'path'>;

/**
 * The destinations of the Explore menu and the mobile menu: the spec's nine in its order, then
 * the habits (decision 016), then the notes on verses (decision 024).
 */
export const exploreDestinations: readonly { label: string; path: SitePath }[] = [
  { label: "How You're Feeling", path: '/feeling' },
  { label: 'Verse of the Day', path: '/verse-of-day' },
  { label: 'Read the Bible', path: '/read-bible' },
  { label: 'My Journal', path: '/journal' },
  { label: 'Saved Verses', path: '/saved-verses' },
  { label: 'Bookmarked Chapters', path: '/bookmarks' },
  { label: 'Prayer & Meditation', path: '/prayer' },
  { label: 'Verse Graphics', path: '/verse-graphics' },
  { label: 'Share Testimony', path: '/testimony' },
  { label: 'Reading Plans', path: '/plans' },
  { label: 'Learn by Heart', path: '/memorize' },
  { label: 'Notes', path: '/notes' },
  { label: 'Groups', path: '/groups' },
];

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** Whether a path fits a route's pattern: each `:name` part stands for one non-empty segment. */
function fits(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = pathname.split('/');
  return (
    want.length === have.length &&
    want.every((part, index) => {
      const given = have[index] ?? '';
      return part.startsWith(':') ? given !== '' && given.length <= 200 : part === given;
    })
  );
}

/** The screen at this path, or undefined for a path that is not a screen of the app. */
export function findSiteRoute(pathname: string): (typeof siteRoutes)[number] | undefined {
  const normalised = normalise(pathname);
  return (
    siteRoutes.find((route) => route.path === normalised) ??
    siteRoutes.find((route) => route.path.includes(':') && fits(route.path, normalised))
  );
}

/** Screens nothing of which is for search engines: a group's, and its invite links' (decision 028). */
export function isUnlisted(path: string): boolean {
  return path === '/groups' || path.startsWith('/groups/');
}

/** The tab title: 'Screen · Grounded', or the product line for the landing page. */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} · Grounded` : "Grounded: Stay Grounded in God's Word";
}
