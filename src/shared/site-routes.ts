import type { SessionUser } from './schemas/auth.ts';
import type { ChapterResponse } from './schemas/bible.ts';
import type { JournalListItem } from './schemas/journal.ts';
import type { Page } from './schemas/pagination.ts';
import type { PublicTestimony } from './schemas/testimonies.ts';
import type { SavedVerseListItem } from './schemas/verses.ts';

type SiteRoute = {
  /** The name app/router.tsx knows the screen by (its lazy import and who may see it). */
  id: string;
  path: string;
  /** The screen's heading and the first part of its tab title; none for the landing page. */
  title?: string;
  /**
   * The screen's module from the project root. The server preloads its chunk (looked up in the
   * build's Vite manifest) and the front-end bench measures it; app/router.tsx imports it.
   */
  screen: string;
  /**
   * Rendered to markup when the client is built, so the page is drawn before the app's
   * JavaScript runs (scripts/prerender-plugin.ts). Only screens that look the same to every
   * visitor at any date until their data arrives: not the signed-in ones, not the verse of
   * the day, not the reader (its chapter comes from the address: the server renders each
   * chapter when it is first asked for, decision 006).
   */
  prerender?: boolean;
};

const features = 'src/client/features';

/** Every screen of product §2. The server uses this to answer unknown paths with status 404. */
export const siteRoutes = [
  {
    id: 'landing',
    path: '/',
    screen: `${features}/landing/routes/landing-page.tsx`,
    prerender: true,
  },
  {
    id: 'auth',
    path: '/auth',
    title: 'Sign In',
    screen: `${features}/auth/routes/auth-page.tsx`,
  },
  {
    id: 'reset-password',
    path: '/auth/reset-password',
    title: 'Choose a New Password',
    screen: `${features}/auth/routes/reset-password-page.tsx`,
  },
  {
    id: 'confirm-email',
    path: '/auth/confirm-email',
    title: 'Confirm Your E-mail',
    screen: `${features}/auth/routes/confirm-email-page.tsx`,
  },
  {
    id: 'feeling',
    path: '/feeling',
    title: 'How Are You Feeling?',
    screen: `${features}/feeling/routes/feeling-page.tsx`,
    prerender: true,
  },
  {
    id: 'verse-of-day',
    path: '/verse-of-day',
    title: 'Verse of the Day',
    screen: `${features}/verse-of-day/routes/verse-of-day-page.tsx`,
  },
  {
    id: 'read-bible',
    path: '/read-bible',
    title: 'Read the Bible',
    screen: `${features}/bible/routes/read-bible-page.tsx`,
  },
  {
    id: 'prayer',
    path: '/prayer',
    title: 'Prayer & Meditation',
    screen: `${features}/prayer/routes/prayer-page.tsx`,
    prerender: true,
  },
  {
    id: 'journal',
    path: '/journal',
    title: 'Journal',
    screen: `${features}/journal/routes/journal-page.tsx`,
  },
  {
    id: 'journal-entries',
    path: '/journal-entries',
    title: 'My Journal Entries',
    screen: `${features}/journal/routes/journal-entries-page.tsx`,
  },
  {
    id: 'saved-verses',
    path: '/saved-verses',
    title: 'Saved Verses',
    screen: `${features}/saved-verses/routes/saved-verses-page.tsx`,
  },
  {
    id: 'bookmarks',
    path: '/bookmarks',
    title: 'Bookmarked Chapters',
    screen: `${features}/bookmarks/routes/bookmarks-page.tsx`,
  },
  {
    id: 'verse-graphics',
    path: '/verse-graphics',
    title: 'Verse Graphics',
    screen: `${features}/verse-graphics/routes/verse-graphics-page.tsx`,
  },
  {
    id: 'testimony',
    path: '/testimony',
    title: 'Share Your Testimony',
    screen: `${features}/testimonies/routes/testimony-page.tsx`,
  },
  {
    id: 'moderation',
    path: '/moderation',
    title: 'Moderation',
    screen: `${features}/moderation/routes/moderation-page.tsx`,
  },
  {
    id: 'settings',
    path: '/settings',
    title: 'Settings',
    screen: `${features}/settings/routes/settings-page.tsx`,
  },
  {
    id: 'privacy-policy',
    path: '/privacy-policy',
    title: 'Privacy Policy',
    screen: `${features}/legal/routes/privacy-policy-page.tsx`,
    prerender: true,
  },
  {
    id: 'terms-of-service',
    path: '/terms-of-service',
    title: 'Terms of Service',
    screen: `${features}/legal/routes/terms-of-service-page.tsx`,
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
  /** The first page of the approved testimonies (/testimony, issue 23). */
  testimonies?: Page<PublicTestimony>;
  /** The request carried no session cookie: the screen is drawn as a visitor sees it. */
  signedOut?: boolean;
  /**
   * Who is signed in, from the request's session: the screen is drawn for them (issue 23; the
   * page is theirs alone and is never kept, decision 011).
   */
  user?: SessionUser;
  /** The first page of the signed-in person's journal (/journal-entries). */
  journalEntries?: Page<JournalListItem>;
  /** The first page of the signed-in person's saved verses (/saved-verses). */
  savedVerses?: Page<SavedVerseListItem>;
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
  screen: `${features}/misc/routes/not-found-page.tsx`,
} as const satisfies Omit<SiteRoute, 'id' | 'path'>;

/** The nine destinations of the Explore menu and the mobile menu, in the spec's order. */
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
];

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The screen at this path, or undefined for a path that is not a screen of the app. */
export function findSiteRoute(pathname: string): (typeof siteRoutes)[number] | undefined {
  const normalised = normalise(pathname);
  return siteRoutes.find((route) => route.path === normalised);
}

/** The tab title: 'Screen · Grounded', or the product line for the landing page. */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} · Grounded` : "Grounded: Stay Grounded in God's Word";
}
