// What the server needs of each screen beyond what the app's router does (site-routes.ts, which
// every screen's first load carries): its meta description, and its module, whose chunks a page
// preloads. The app never shows the one nor reads the other.
import type { SitePath } from './site-routes.ts';

/** Each screen's meta description: what a search result shows under its title (≤ 160 characters). */
export const siteDescriptions: Record<SitePath, string> = {
  '/': 'Grounded is a free Christian companion for daily Bible reading, verses for how you feel, journaling, prayer and meditation.',
  '/auth':
    'Sign in or create a free Grounded account to save verses, bookmark chapters, keep a private journal and track your Bible reading.',
  '/auth/reset-password':
    'Choose a new password for your Grounded account with the link from your password reset e-mail.',
  '/auth/confirm-email':
    'Confirm the e-mail address of your Grounded account with the link we sent you, so that only you can sign in to it.',
  '/feeling':
    "Share what's on your heart and receive a word from Scripture for this moment: a Bible verse for how you feel, to save or keep as an image.",
  '/verse-of-day':
    "Today's Scripture: a Bible verse for each day of the year with its theme, to save, download as an image or reflect on in your journal.",
  '/read-bible':
    'Read the King James Bible chapter by chapter, search it by word or reference, bookmark chapters and keep track of your reading.',
  '/prayer':
    'Guided prayers for peace, strength, gratitude, guidance, forgiveness and faith, a prayer timer, and quiet lines from Scripture to meditate on.',
  '/journal':
    'A private journal for your walk with God: write what is on your heart, tag how you feel and let writing prompts start your reflection.',
  '/journal-entries':
    'Look back on what you have written: read, edit and delete the entries of your private Grounded journal.',
  '/saved-verses':
    'The Bible verses that have spoken to you, kept in one place: search them, filter them by theme and take them to your journal.',
  '/notes':
    'Your notes on the verses you read: search them, filter them by book or tag, edit them and go back to the verse.',
  '/groups':
    'Your private groups: read a plan together, share prayer requests, and pray for one another.',
  '/groups/:id': 'A private group: its prayer wall, the plan it reads together and its members.',
  '/groups/join/:token': 'You have been invited to a private group on Grounded.',
  '/topics':
    'Your topics: the notes, highlights and saved verses you gave each one, gathered in Bible order.',
  '/bookmarks':
    "Bible chapters you've marked for easy access: search your bookmarks and pick up reading where you left off.",
  '/verse-graphics':
    'Turn a verse for how you feel into an image to keep, or to share with someone who needs it.',
  '/testimony':
    "Tell how God met you in a hard moment, with your name or anonymously, and be encouraged by others' stories.",
  '/plans':
    "Reading plans to follow day by day: the Bible in a year, the New Testament in 90 days, the Gospels in 30 days, M'Cheyne's calendar and more.",
  '/memorize':
    'Learn the verses that helped you by heart, with short reviews spaced out as you remember them.',
  '/moderation': 'Review the testimonies waiting for approval before they are shown to everyone.',
  '/settings':
    'Manage your Grounded profile, journal reminders, notifications, theme and your data.',
  '/privacy-policy':
    'Your data on Grounded is encrypted and never sold. Access, correct, delete or export it at any time; privacy inquiries get a reply within 48 hours.',
  '/terms-of-service':
    'The terms of using Grounded: the service is provided as is, your content stays your own, and it is no substitute for pastoral care.',
};

/** The 404 page's (product §2). */
export const notFoundDescription =
  'This page of Grounded could not be found. It may have moved, or the link may be mistyped.';

/** The title and description a page is sent with: a screen's, or the 404 page's. */
export function pageText(route: { path?: SitePath; title?: string }): {
  title?: string;
  description: string;
} {
  const description = route.path ? siteDescriptions[route.path] : notFoundDescription;
  return route.title === undefined ? { description } : { title: route.title, description };
}

const features = 'src/client/features';

/**
 * Each screen's module from the project root. The server preloads its chunk (looked up in the
 * build's Vite manifest) and the front-end bench measures it; app/router.tsx imports it
 * (router.test.ts checks that each is the module it loads).
 */
export const siteScreens: Record<SitePath, string> = {
  '/': `${features}/landing/routes/landing-page.tsx`,
  '/auth': `${features}/auth/routes/auth-page.tsx`,
  '/auth/reset-password': `${features}/auth/routes/reset-password-page.tsx`,
  '/auth/confirm-email': `${features}/auth/routes/confirm-email-page.tsx`,
  '/feeling': `${features}/feeling/routes/feeling-page.tsx`,
  '/verse-of-day': `${features}/verse-of-day/routes/verse-of-day-page.tsx`,
  '/read-bible': `${features}/bible/routes/read-bible-page.tsx`,
  '/prayer': `${features}/prayer/routes/prayer-page.tsx`,
  '/journal': `${features}/journal/routes/journal-page.tsx`,
  '/journal-entries': `${features}/journal/routes/journal-entries-page.tsx`,
  '/saved-verses': `${features}/saved-verses/routes/saved-verses-page.tsx`,
  '/topics': `${features}/topics/routes/topics-page.tsx`,
  '/notes': `${features}/notes/routes/notes-page.tsx`,
  '/groups': `${features}/groups/routes/groups-page.tsx`,
  '/groups/:id': `${features}/groups/routes/group-page.tsx`,
  '/groups/join/:token': `${features}/groups/routes/join-page.tsx`,
  '/bookmarks': `${features}/bookmarks/routes/bookmarks-page.tsx`,
  '/verse-graphics': `${features}/verse-graphics/routes/verse-graphics-page.tsx`,
  '/testimony': `${features}/testimonies/routes/testimony-page.tsx`,
  '/plans': `${features}/plans/routes/plans-page.tsx`,
  '/memorize': `${features}/memorize/routes/memorize-page.tsx`,
  '/moderation': `${features}/moderation/routes/moderation-page.tsx`,
  '/settings': `${features}/settings/routes/settings-page.tsx`,
  '/privacy-policy': `${features}/legal/routes/privacy-policy-page.tsx`,
  '/terms-of-service': `${features}/legal/routes/terms-of-service-page.tsx`,
};

/** The 404 page's module. */
export const notFoundScreen = `${features}/misc/routes/not-found-page.tsx`;

/** The module of a screen of site-routes.ts, or the 404 page's. */
export function screenOf(route: { path?: SitePath; title?: string }): string {
  return route.path ? siteScreens[route.path] : notFoundScreen;
}

/**
 * The screens only for someone signed in (app/router.tsx `isPrivate`, which router.test.ts
 * checks against this): each loads the check that sends a visitor to /auth with it.
 */
export const signedInScreens: readonly SitePath[] = [
  '/journal-entries',
  '/topics',
  '/notes',
  '/groups',
  '/groups/:id',
  '/bookmarks',
  '/memorize',
  '/moderation',
  '/settings',
];
export const signedInCheck = 'src/client/app/require-auth.tsx';

/** The modules a screen's first load needs besides the entry: its own, and the check if any. */
export function screenModulesOf(route: { path?: SitePath; title?: string }): string[] {
  const screen = screenOf(route);
  return route.path && signedInScreens.includes(route.path) ? [screen, signedInCheck] : [screen];
}
