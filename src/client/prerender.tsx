// The app rendered to HTML in Node. scripts/prerender-plugin.ts builds this file into the client
// build (screenRendererFile) and renders the public screens with it once the client is built
// (decision 005); the server renders the reader's chapters with it as they are asked for
// (decision 006). The server puts the markup into the page, so the screen is drawn as soon as the
// HTML and CSS arrive, before the app's JavaScript has loaded and run; main.tsx then hydrates it.
// Nothing is fetched here: a screen shows what the app's first render shows, with the data the
// caller hands in already in the query cache.
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { dayOfYear } from '#shared/content/verse-of-day.ts';
import { recentEntriesCount } from '#shared/rules/journal.ts';
import type { Page } from '#shared/schemas/pagination.ts';
import type { ScreenData } from '#shared/site-routes.ts';
import { authKeys } from './api/auth.ts';
import { chapterQueryOptions } from './api/bible.ts';
import { groupKeys } from './api/group-keys.ts';
import { journalKeys } from './api/journal.ts';
import { noteKeys } from './api/notes.ts';
import { planLibraryKeys } from './api/plans.ts';
import { prayerKeys } from './api/prayers.ts';
import { savedVerseKeys } from './api/saved-verses.ts';
import { testimonyKeys } from './api/testimonies.ts';
import { dailyVerseQueryOptions } from './api/verses.ts';
import { AppProviders } from './app/app-providers.tsx';
import { AppRoutes } from './app/router.tsx';
import {
  drawnDailyVerse,
  drawnDailyVerseKey,
  localDay,
} from './features/verse-of-day/lib/drawn-daily-verse.ts';
import type { PagedData } from './lib/pages.ts';
import { sessionQueryKey } from './lib/session.ts';

function firstPageOf<T>(page: Page<T>): PagedData<T> {
  return { pages: [page], pageParams: [null] };
}

export type RenderedScreen = {
  /** What #root holds. */
  markup: string;
  /** The queries the render was given, for main.tsx to hand to the app (handedOverStateId). */
  state: DehydratedState;
};

/**
 * The markup of the app at `url` (path and query) for a visitor who is not signed in. With a
 * chapter, the reader's query for it is already answered, as the app's cache would have it;
 * with testimonies, the testimony wall's first page.
 * With `signedOut`, so is the session's (the request carried no session cookie): the screen is
 * drawn as a visitor sees it, their invitation to sign up included. Without it, whether someone
 * is signed in is left to the app to ask, and the screen keeps room for either answer.
 */
export async function renderScreen(url: string, data: ScreenData = {}): Promise<RenderedScreen> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { chapter, parallelChapter, testimonies, signedOut, user } = data;
  const { journalEntries, recentJournalEntries, savedVerses, notes, prayers } = data;
  const { group, groupPosts, authProviders, dailyVerse, planLibrary, planDays } = data;
  if (testimonies) queryClient.setQueryData(testimonyKeys.public, firstPageOf(testimonies));
  if (planLibrary) queryClient.setQueryData(planLibraryKeys.list, planLibrary);
  // A plan's page: the plan and its first week, as the page's first request (from day 1) answers.
  if (planDays) {
    queryClient.setQueryData(planLibraryKeys.days(planDays.plan.id), {
      pages: [planDays],
      pageParams: [1],
    });
  }
  // A person's own screen: who they are, and the first page of their list, as the app's first
  // requests would have answered them (a list with no search or filter).
  if (user) queryClient.setQueryData(sessionQueryKey, { user });
  if (journalEntries) queryClient.setQueryData(journalKeys.list({}), firstPageOf(journalEntries));
  if (recentJournalEntries) {
    queryClient.setQueryData(
      journalKeys.list({ limit: recentEntriesCount }),
      firstPageOf(recentJournalEntries),
    );
  }
  // Stale at once: the app asks again once it runs, as for any screen it opens.
  if (authProviders) queryClient.setQueryData(authKeys.providers, authProviders, { updatedAt: 0 });
  // The day's verse under the app's own key (no request if the visitor's day and translation
  // are the ones drawn), and what was drawn, which the page shows while it hydrates.
  if (dailyVerse) {
    const { date, verse } = dailyVerse;
    const day = dayOfYear(localDay(date));
    queryClient.setQueryData(dailyVerseQueryOptions(day, verse.translation).queryKey, verse);
    queryClient.setQueryData(drawnDailyVerseKey, drawnDailyVerse(date, verse));
  }
  if (savedVerses) queryClient.setQueryData(savedVerseKeys.list({}), firstPageOf(savedVerses));
  if (notes) queryClient.setQueryData(noteKeys.list({}), firstPageOf(notes));
  if (prayers) queryClient.setQueryData(prayerKeys.list(false), firstPageOf(prayers));
  if (group) queryClient.setQueryData(groupKeys.group(group.id), group);
  if (group && groupPosts) {
    queryClient.setQueryData(groupKeys.posts(group.id), firstPageOf(groupPosts));
  }
  if (chapter) {
    const position = { bookIndex: chapter.book_index, chapter: chapter.chapter };
    queryClient.setQueryData(chapterQueryOptions(position, chapter.translation).queryKey, chapter);
    // Read alongside (&parallel=): both columns drawn, as the app draws them once it runs.
    if (parallelChapter) {
      queryClient.setQueryData(
        chapterQueryOptions(position, parallelChapter.translation).queryKey,
        parallelChapter,
      );
    }
  }
  // Answered as the server would answer it; the app asks again once the page has come to life
  // (the answer is stale by then), so a sign-in in another tab still shows.
  if (signedOut) queryClient.setQueryData(sessionQueryKey, { user: null });
  const { prelude } = await prerender(
    <AppProviders queryClient={queryClient}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
    // Every boundary goes out in place, however large: React would otherwise send a large one
    // after the rest, with an inline script to move it into place, which the page's
    // Content-Security-Policy refuses (and a prerendered page must be whole).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const markup = await new Response(prelude).text();
  // Only the answered queries go over (the session's, unless answered above, is the app's).
  return { markup, state: dehydrate(queryClient) };
}
