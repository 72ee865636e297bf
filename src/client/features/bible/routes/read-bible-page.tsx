import { useQueryClient } from '@tanstack/react-query';
import { Info, Sparkles } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { books } from '../../../../shared/bible/books.ts';
import {
  firstPosition,
  isValidPosition,
  nextPosition,
  positionFromParams,
  positionLabel,
  previousPosition,
  readerParamsFallback,
  type ReaderPosition,
} from '../../../../shared/bible/navigation.ts';
import type { ChapterVerse } from '../../../../shared/schemas/bible.ts';
import { BackLink } from '../../../components/back-to-home.tsx';
import { HydratesApart } from '../../../components/hydrates-apart.tsx';
import { SignInPromptCard } from '../../../components/sign-in-prompt-card.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePendingAction } from '../../../lib/use-pending-action.ts';
import { useRequireSignIn } from '../../../lib/use-require-sign-in.ts';
import { bookmarksQueryOptions, useBookmarks } from '../api/get-bookmarks.ts';
import { chapterQueryOptions, useChapter } from '../api/get-chapter.ts';
import { useHighlights } from '../api/get-highlights.ts';
import { useLastPosition } from '../api/get-last-position.ts';
import { useSaveReadingProgress } from '../api/save-reading-progress.ts';
import { useSaveVerse } from '../api/save-verse.ts';
import { useToggleBookmark } from '../api/toggle-bookmark.ts';
import { useToggleHighlight } from '../api/toggle-highlight.ts';
import { BibleSearch } from '../components/bible-search.tsx';
import { ChapterPager } from '../components/chapter-pager.tsx';
import { ChapterLoadError, ChapterSkeleton } from '../components/chapter-states.tsx';
import { ChapterText, verseElementId } from '../components/chapter-text.tsx';
import { BookmarkButton, ReadAloudButton, TextSizeControl } from '../components/chapter-tools.tsx';
import { OfflineDownload } from '../components/offline-download.tsx';
import { ReaderNavBar } from '../components/reader-nav-bar.tsx';
import type { SelectedVerse } from '../components/verse-dialog.tsx';
import { chapterErrorDescription, offlineChapterMessage } from '../lib/chapter-error.ts';
import { parseReference } from '../lib/parse-reference.ts';
import {
  parsePendingChapter,
  parsePendingVerse,
  pendingBookmarkKind,
  pendingSaveVerseKind,
} from '../lib/pending-actions.ts';
import { readerSearch } from '../lib/reader-url.ts';
import { useChapterShortcuts } from '../lib/use-chapter-shortcuts.ts';
import { useReadAloud } from '../lib/use-read-aloud.ts';
import { useTextSize } from '../lib/use-text-size.ts';

// The verse dialog (and Radix Dialog with it) is not needed to show the chapter: it loads
// while the reader reads (see below) and is drawn from the first tap on a verse on.
const loadVerseDialog = () => import('../components/verse-dialog.tsx');
const VerseDialog = lazy(async () => ({ default: (await loadVerseDialog()).VerseDialog }));
// A signed-in reader's stats and plan (with a popover and date formatting) are no part of a
// visitor's first load; they load once the session says someone is signed in.
const ReadingStats = lazy(async () => ({
  default: (await import('../components/reading-stats.tsx')).ReadingStats,
}));
const ReadingPlanControl = lazy(async () => ({
  default: (await import('../components/reading-plan-control.tsx')).ReadingPlanControl,
}));

/** A search result hands the verse to show in the history entry's state, not the address. */
function targetVerseFrom(state: unknown): number | null {
  if (typeof state !== 'object' || state === null || !('verse' in state)) return null;
  const { verse } = state;
  return typeof verse === 'number' && Number.isInteger(verse) && verse > 0 ? verse : null;
}

/** What the reader opened instead of an address's missing chapter, kept in the history entry. */
function shownInsteadFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('shownInstead' in state)) return null;
  const { shownInstead } = state;
  return typeof shownInstead === 'string' ? shownInstead : null;
}

/** spec §5: the answer to a reference that names no chapter of the Bible. */
function notifyChapterNotFound(reference: string): void {
  notify.error('Chapter not found', `Could not navigate to ${reference}`);
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function VisitorPrompt() {
  return (
    <SignInPromptCard
      icon={Sparkles}
      title="Keep your place in God's Word"
      description="Create a free account to track the chapters you read, bookmark chapters, highlight and save verses, and follow a reading plan on every device."
    />
  );
}

/**
 * spec §2 /read-bible. The address holds the chapter (?book=&chapter=), so Back, Forward and
 * shared links work; without one, a signed-in reader resumes where they left off (spec §4).
 */
export function ReadBiblePage() {
  const session = useSession();
  const isSignedIn = session.status === 'signed-in';
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const requireSignIn = useRequireSignIn();

  const bookParam = searchParams.get('book');
  const chapterParam = searchParams.get('chapter');
  const position = positionFromParams(bookParam, chapterParam);
  const lastPosition = useLastPosition(position === null && !bookParam && isSignedIn);
  const targetVerse = targetVerseFrom(location.state);
  const shownInstead = shownInsteadFrom(location.state);

  // An address naming a chapter that is not there (?book=Genesis&chapter=999, ?book=Foo): the
  // nearest one, the spec's 'Chapter not found' toast, and a line saying what is shown instead
  // (issue 21 item 9). Once per history entry, also when an effect runs twice.
  const fallback = readerParamsFallback(bookParam, chapterParam);
  const handledFallbackFor = useRef<string | null>(null);
  useEffect(() => {
    if (!fallback || handledFallbackFor.current === location.key) return;
    handledFallbackFor.current = location.key;
    notifyChapterNotFound(fallback.reference);
    void navigate(
      { search: readerSearch(fallback.position) },
      { replace: true, state: { shownInstead: fallback.note } },
    );
  }, [fallback, location.key, navigate]);

  // No chapter in the address: the last position, else Genesis 1.
  useEffect(() => {
    if (position !== null || bookParam || session.status === 'loading') return;
    if (isSignedIn && lastPosition.isPending) return;
    const last = lastPosition.data;
    const fallback =
      isSignedIn && last && isValidPosition({ bookIndex: last.bookIndex, chapter: last.chapter })
        ? { bookIndex: last.bookIndex, chapter: last.chapter }
        : firstPosition;
    void navigate({ search: readerSearch(fallback) }, { replace: true });
  }, [
    position,
    bookParam,
    session.status,
    isSignedIn,
    lastPosition.isPending,
    lastPosition.data,
    navigate,
  ]);

  const label = position ? positionLabel(position) : null;
  useDocumentTitle(label ? `${label} · Read the Bible` : 'Read the Bible');

  const chapter = useChapter(position);
  const chapterData = chapter.data;
  const chapterRef = {
    book_name: books[position?.bookIndex ?? 0]?.name ?? 'Genesis',
    chapter_number: position?.chapter ?? 1,
  };

  // spec §8 'Loading Error' toast, once per failure, with Retry.
  const toastedErrorAt = useRef(0);
  const { isError, error, errorUpdatedAt, refetch } = chapter;
  useEffect(() => {
    if (!isError || toastedErrorAt.current === errorUpdatedAt) return;
    toastedErrorAt.current = errorUpdatedAt;
    notify.error('Loading Error', chapterErrorDescription(error), {
      label: 'Retry',
      onClick: () => void refetch(),
    });
  }, [isError, error, errorUpdatedAt, refetch]);

  // spec §4: a signed-in reader's chapter counts as read once it has loaded.
  const { mutate: saveProgress } = useSaveReadingProgress();
  const savedKey = useRef<string | null>(null);
  const userId = session.user?.id ?? null;
  useEffect(() => {
    if (!userId || !chapterData) return;
    const key = `${userId}:${chapterData.book}:${chapterData.chapter}`;
    if (savedKey.current === key) return;
    savedKey.current = key;
    saveProgress({ book_name: chapterData.book, chapter_number: chapterData.chapter });
  }, [userId, chapterData, saveProgress]);

  // The next chapter is fetched while the reader reads this one.
  useEffect(() => {
    if (!chapterData) return;
    const next = nextPosition({ bookIndex: chapterData.book_index, chapter: chapterData.chapter });
    if (!next) return;
    const prefetch = () => void queryClient.prefetchQuery(chapterQueryOptions(next));
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(prefetch, { timeout: 4000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(prefetch, 1500);
    return () => window.clearTimeout(timer);
  }, [chapterData, queryClient]);

  // The verse dialog's chunk, once the chapter is on screen and the browser is idle.
  useEffect(() => {
    if (!chapterData) return;
    const preload = () => void loadVerseDialog();
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(preload, { timeout: 4000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(preload, 1500);
    return () => window.clearTimeout(timer);
  }, [chapterData]);

  // A verse a search pointed to: into view, focused, and briefly lit up.
  useEffect(() => {
    if (targetVerse === null || !chapterData) return;
    const element = document.getElementById(verseElementId(targetVerse));
    if (!element) return;
    element.scrollIntoView({ block: 'center' });
    element.focus({ preventScroll: true });
    if (!prefersReducedMotion() && typeof element.animate === 'function') {
      element.animate(
        [
          // The accent pairs with the body text in both themes, so the verse stays readable.
          { backgroundColor: 'var(--color-accent)', boxShadow: '0 0 0 0.3em var(--color-accent)' },
          { backgroundColor: 'transparent', boxShadow: '0 0 0 0.3em transparent' },
        ],
        { duration: 2200, easing: 'ease-out' },
      );
    }
  }, [targetVerse, chapterData, location.key]);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const goTo = useCallback(
    (next: ReaderPosition, options: { from?: 'top' | 'bottom' } = {}) => {
      void navigate({ search: readerSearch(next) });
      const heading = headingRef.current;
      if (!heading) return;
      // spec §4: prev/next brings the reader to the start of the new chapter.
      const top = heading.getBoundingClientRect().top;
      if (options.from === 'bottom' || top < 0 || top > window.innerHeight * 0.6) {
        heading.scrollIntoView({ block: 'start' });
      }
      // From the end of a chapter, focus moves to the new one's heading.
      if (options.from === 'bottom') heading.focus({ preventScroll: true });
    },
    [navigate],
  );

  // The keys read the chapter from the address at the moment of the press, so a key held down
  // (or pressed again before the new chapter has rendered) always moves one chapter further.
  const step = useCallback(
    (direction: 'previous' | 'next') => {
      const params = new URLSearchParams(window.location.search);
      const current = positionFromParams(params.get('book'), params.get('chapter'));
      if (!current) return;
      const target = direction === 'next' ? nextPosition(current) : previousPosition(current);
      if (target) goTo(target);
    },
    [goTo],
  );
  useChapterShortcuts(step);

  function openReference(reference: string) {
    const target = parseReference(reference);
    if (!target) {
      notifyChapterNotFound(reference);
      return;
    }
    void navigate(
      { search: readerSearch(target.position) },
      { state: target.verse ? { verse: target.verse } : null },
    );
    if (!target.verse) headingRef.current?.scrollIntoView({ block: 'start' });
  }

  // Bookmarks and highlights of this chapter (signed in only).
  const bookmarks = useBookmarks(isSignedIn);
  const toggleBookmark = useToggleBookmark();
  const isBookmarked =
    bookmarks.data?.some(
      (bookmark) =>
        bookmark.book_name === chapterRef.book_name &&
        bookmark.chapter_number === chapterRef.chapter_number,
    ) ?? false;
  const highlights = useHighlights(chapterRef, isSignedIn && position !== null);
  const highlighted = useMemo(
    () => new Set(highlights.data?.map((item) => item.verse_number) ?? []),
    [highlights.data],
  );
  const { mutate: toggleHighlight } = useToggleHighlight();

  function onBookmark() {
    if (!isSignedIn) {
      requireSignIn('Please sign in to bookmark chapters.', 'Sign Up Free', {
        kind: pendingBookmarkKind,
        data: chapterRef,
      });
      return;
    }
    toggleBookmark.mutate(chapterRef);
  }

  // Back from signing in: the chapter bookmarked, unless it already was (a toggle would remove it).
  usePendingAction(pendingBookmarkKind, parsePendingChapter, (wanted) => {
    void queryClient.fetchQuery(bookmarksQueryOptions()).then(
      (list) => {
        const isThere = list.some(
          (bookmark) =>
            bookmark.book_name === wanted.book_name &&
            bookmark.chapter_number === wanted.chapter_number,
        );
        if (isThere) {
          notify.success('Chapter bookmarked', `${wanted.book_name} ${wanted.chapter_number}`);
        } else {
          toggleBookmark.mutate(wanted);
        }
      },
      () => toggleBookmark.mutate(wanted),
    );
  });

  // Back from signing in: the verse saved, and brought into view like a search result.
  const { mutate: saveVerse } = useSaveVerse();
  usePendingAction(pendingSaveVerseKind, parsePendingVerse, (pending) => {
    saveVerse({ text: pending.text, reference: pending.reference });
    void navigate(
      { search: window.location.search },
      { replace: true, state: { verse: pending.verse } },
    );
  });

  const [selected, setSelected] = useState<SelectedVerse | null>(null);
  // Mounted from the first tap on, so that it can play its closing animation afterwards.
  const [hasSelected, setHasSelected] = useState(false);
  // Stable while the chapter and the session stay, so that the memoized chapter is not redrawn.
  const onVerse = useCallback(
    (verse: ChapterVerse) => {
      if (!chapterData) return;
      setHasSelected(true);
      if (isSignedIn) {
        toggleHighlight({
          book_name: chapterData.book,
          chapter_number: chapterData.chapter,
          verse_number: verse.verse,
        });
      }
      setSelected({
        verse: verse.verse,
        text: verse.text,
        reference: `${chapterData.book} ${chapterData.chapter}:${verse.verse}`,
      });
    },
    [chapterData, isSignedIn, toggleHighlight],
  );

  const textSize = useTextSize();
  const readAloud = useReadAloud(chapterData?.verses ?? [], label ?? '');

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <BackLink />
      <header className="mt-6 mb-6">
        <h1 className="font-serif text-3xl font-semibold tracking-tight sm:text-4xl">
          Read the Bible
        </h1>
        <p className="mt-2 text-muted-foreground">
          The King James Version. Search for a passage or a phrase, or choose a book and chapter.
        </p>
      </header>

      <div className="space-y-4">
        <HydratesApart>
          <BibleSearch onOpenReference={openReference} onMissingReference={notifyChapterNotFound} />
        </HydratesApart>
        {session.status === 'loading' ? (
          // The visitor's card, invisible, holds its exact room under a pulsing block, so that
          // the chapter below does not move when the card appears (layout shift).
          <div aria-hidden="true" inert className="relative">
            <div className="invisible">
              <VisitorPrompt />
            </div>
            <div className="absolute inset-0 animate-pulse rounded-2xl bg-muted" />
          </div>
        ) : isSignedIn ? (
          <section aria-label="Your reading" className="space-y-3">
            <Suspense
              fallback={
                <div aria-hidden="true" className="h-[4.5rem] animate-pulse rounded-2xl bg-muted" />
              }
            >
              <ReadingStats />
              <ReadingPlanControl />
            </Suspense>
          </section>
        ) : (
          // spec §2: visitors see an invitation where a signed-in reader sees their stats.
          <VisitorPrompt />
        )}
      </div>

      {/* One box for the bar and the chapter, so the bar stays stuck while the chapter scrolls. */}
      <div className="mt-6">
        {position ? (
          <HydratesApart>
            <ReaderNavBar
              position={position}
              onChoose={(chosen) => goTo(chosen)}
              onStep={(step) => goTo(step, { from: 'top' })}
            />
          </HydratesApart>
        ) : (
          <div aria-hidden="true" className="h-[4.4rem] animate-pulse rounded-2xl bg-muted" />
        )}

        <section aria-labelledby="chapter-heading" className="mt-8">
          {shownInstead ? (
            <p className="mx-auto mb-6 flex max-w-[44rem] items-start gap-2 rounded-xl border border-border bg-muted px-4 py-3 text-sm">
              <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{shownInstead}</span>
            </p>
          ) : null}
          <div className="mx-auto mb-6 flex max-w-[44rem] flex-wrap items-end justify-between gap-x-4 gap-y-3">
            <div>
              <p className="text-sm font-medium text-muted-foreground">
                {position
                  ? position.bookIndex < 39
                    ? 'Old Testament'
                    : 'New Testament'
                  : '\u00a0'}
              </p>
              <h2
                id="chapter-heading"
                ref={headingRef}
                tabIndex={-1}
                className="scroll-mt-4 font-serif text-3xl font-semibold tracking-tight outline-none sm:text-4xl"
              >
                {label ?? 'Loading…'}
              </h2>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <TextSizeControl
                canDecrease={textSize.canDecrease}
                canIncrease={textSize.canIncrease}
                onDecrease={textSize.decrease}
                onIncrease={textSize.increase}
              />
              <ReadAloudButton
                isPlaying={readAloud.isPlaying}
                onToggle={readAloud.toggle}
                disabled={!chapterData}
              />
              <BookmarkButton
                isBookmarked={isBookmarked}
                isPending={toggleBookmark.isPending}
                onToggle={onBookmark}
              />
            </div>
          </div>

          <p role="status" className="sr-only">
            {chapterData ? `${chapterData.reference} loaded.` : ''}
          </p>
          <article aria-label={label ?? 'Chapter'} className="min-h-[50vh]">
            {chapterData ? (
              <HydratesApart>
                <ChapterText
                  chapter={chapterData}
                  textRem={textSize.rem}
                  highlighted={highlighted}
                  selectedVerse={selected?.verse ?? null}
                  readingVerse={readAloud.currentVerse}
                  targetVerse={targetVerse}
                  isSignedIn={isSignedIn}
                  onActivate={onVerse}
                />
              </HydratesApart>
            ) : chapter.isError ? (
              <ChapterLoadError
                onRetry={() => void refetch()}
                isRetrying={chapter.isFetching}
                offlineMessage={
                  error instanceof ApiError && error.code === 'OFFLINE'
                    ? offlineChapterMessage
                    : undefined
                }
              />
            ) : (
              <ChapterSkeleton />
            )}
          </article>

          {position ? (
            <div className="mx-auto mt-12 max-w-[44rem]">
              <HydratesApart>
                <ChapterPager
                  position={position}
                  onStep={(step) => goTo(step, { from: 'bottom' })}
                />
              </HydratesApart>
            </div>
          ) : null}
        </section>
      </div>

      <div className="mt-12">
        <HydratesApart>
          <OfflineDownload />
        </HydratesApart>
      </div>

      {hasSelected ? (
        <Suspense fallback={null}>
          <VerseDialog
            selected={selected}
            isSignedIn={isSignedIn}
            isHighlighted={selected !== null && highlighted.has(selected.verse)}
            onClose={() => setSelected(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
