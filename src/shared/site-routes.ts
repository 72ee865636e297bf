/** Every screen of spec §2. The server uses this to answer unknown paths with status 404. */
export const sitePaths = [
  '/',
  '/auth',
  '/auth/reset-password',
  '/feeling',
  '/verse-of-day',
  '/read-bible',
  '/prayer',
  '/journal',
  '/journal-entries',
  '/saved-verses',
  '/bookmarks',
  '/verse-graphics',
  '/testimony',
  '/moderation',
  '/settings',
  '/privacy-policy',
  '/terms-of-service',
] as const;

export type SitePath = (typeof sitePaths)[number];

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

export function isSitePath(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (sitePaths as readonly string[]).includes(normalised);
}
