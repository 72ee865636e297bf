import type { SitePath } from '#shared/site-routes.ts';

/** product §5: at least 6 characters; we also cap the length (hashing cost) at 128. */
export const passwordMinLength = 6;
export const passwordMaxLength = 128;
export const emailMaxLength = 254;
export const displayNameMaxLength = 80;

/** The limits the forms show (maxLength, hints), the same the schemas below enforce. */
export const authLimits = {
  email: emailMaxLength,
  passwordMin: passwordMinLength,
  passwordMax: passwordMaxLength,
  displayName: displayNameMaxLength,
} as const;

/**
 * The screens a sign-in may return to: every screen of site-routes.ts but the sign-in pages
 * themselves (safe-return-path.test.ts keeps the two in step). Not read from siteRoutes, whose
 * descriptions the first load of every page would then carry.
 */
const returnScreens: ReadonlySet<string> = new Set<SitePath>([
  '/',
  '/feeling',
  '/verse-of-day',
  '/read-bible',
  '/prayer',
  '/journal',
  '/journal-entries',
  '/notes',
  '/topics',
  '/groups',
  '/groups/:id',
  '/groups/join/:token',
  '/saved-verses',
  '/bookmarks',
  '/verse-graphics',
  '/testimony',
  '/plans',
  '/memorize',
  '/moderation',
  '/settings',
  '/privacy-policy',
  '/terms-of-service',
]);

/** A group's page and an invite link's (decision 028): one id or token of safe characters. */
const groupPage = /^\/groups\/[A-Za-z0-9_-]{1,100}$/;
const invitePage = /^\/groups\/join\/[A-Za-z0-9_-]{1,100}$/;

/** The screen a path is, as returnScreens names it: a group's page by its pattern. */
function screenPattern(path: string): string {
  if (invitePage.test(path)) return '/groups/join/:token';
  if (groupPage.test(path) && path !== '/groups/join') return '/groups/:id';
  return path;
}

/**
 * Where to go after signing in: a screen of this site with its query, or else '/' (docs/product.md §2, /auth).
 * The value is first resolved against our own origin as a browser resolves a Location header:
 * tabs and newlines dropped, '\' read as '/', dot segments (also '%2e%2e') removed, so
 * '/..//evil.example' becomes '//evil.example', another site. Only a result on the same origin
 * whose path is one of our screens is kept, written as that screen's own path: what comes back
 * never starts with '//' and never holds a character a header cannot carry.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 2048) return '/';
  const origin = 'http://return-path.invalid';
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return '/';
  }
  // '/journal/' is the journal too (the server ignores a trailing slash).
  const path = url.pathname.replace(/(?<=.)\/+$/, '');
  if (url.origin !== origin || !returnScreens.has(screenPattern(path))) return '/';
  return `${path}${url.search}${url.hash}`;
}
