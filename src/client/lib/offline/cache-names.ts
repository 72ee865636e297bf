// Cache Storage names, shared by the service worker (src/client/sw.ts) and the page, which
// writes the Bible download into the same cache the worker reads chapters from.
import { studyDataVersion } from '#shared/rules/study.ts';

/** Chapters as GET /api/bible/{book}/{chapter} answered them, under that URL. */
export const bibleChapterCache = 'grounded-bible-chapters';

/** Public content the screens need: the verse catalogue, daily verses, passages, testimonies. */
export const publicContentCache = 'grounded-public-content';

/**
 * The last answer of GET /api/auth/session (who is signed in on this device), so that a reload
 * while offline still knows the person. Deleted at sign-out (lib/session.ts); no other
 * signed-in data is ever cached.
 */
export const sessionCache = 'grounded-session';

/** Font files, cached as the pages ask for them (most subsets never are). */
export const fontCache = 'grounded-fonts';

/**
 * Written into bibleChapterCache after the last chapter of a download, so that the reader
 * knows after a reload that the whole Bible is on this device. It is never requested over the
 * network; if the browser clears the cache, the marker goes with the chapters.
 */
export const bibleCompleteMarker = '/offline/bible-complete';

/** product §3: 66 books, Genesis 1 to Revelation 22. */
export const bibleChapterCount = 1189;

/** Translations a device can keep whole (decision 015: KJV, WEB, ASV). */
export const offlineTranslationCount = 3;

/**
 * The study notes for offline use (decision 023): each chapter's study data as
 * GET /api/study/{book}/{chapter}?v= answered it, under that URL (chapterStudyUrl), and the
 * Strong's dictionaries under studyDictionaryUrl. The same for every translation.
 */
export const studyCache = 'grounded-study';

/** The Strong's dictionaries of this release, as GET /api/study/dictionary?v= answers them. */
export const studyDictionaryUrl = `/api/study/dictionary?v=${studyDataVersion}`;

/**
 * Written into studyCache after the last chapter of the study notes' download, for this release
 * of the study data: a new release's notes are downloaded again.
 */
export const studyCompleteMarker = `/offline/study-complete?v=${studyDataVersion}`;
