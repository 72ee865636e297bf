import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useLastPosition } from '#client/api/progress.ts';
import { useSession } from '#client/lib/session.ts';
import {
  firstPosition,
  isValidPosition,
  positionFromParams,
  readerParamsFallback,
  type ReaderPosition,
} from '#shared/bible/navigation.ts';
import { notifyChapterNotFound } from './notify-chapter-not-found.ts';
import { readerSearch, type ReaderTranslations } from './reader-url.ts';

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

/** Whether the browser's address (ahead of the router's while a navigation renders) names it. */
function isTheAddressNow(position: ReaderPosition): boolean {
  const params = new URLSearchParams(window.location.search);
  const shown = positionFromParams(params.get('book'), params.get('chapter'));
  return shown?.bookIndex === position.bookIndex && shown.chapter === position.chapter;
}

export type ReaderLocation = {
  /** The chapter in the address; null while the reader works out which one to show. */
  position: ReaderPosition | null;
  /** The verse a search result pointed to. */
  targetVerse: number | null;
  /** Why another chapter than the address's is shown. */
  shownInstead: string | null;
  /** The history entry, so that coming back to the same address counts as a new visit. */
  locationKey: string;
  /**
   * Shows a chapter from the next render on, before the address that names it has reached the
   * screen (see below). Call it with the navigation to that chapter.
   */
  showAtOnce: (position: ReaderPosition) => void;
};

/**
 * The chapter to read, from the address (?book=&chapter=), so Back, Forward and shared links
 * work. An address naming a chapter that is not there opens the nearest one; one naming none
 * opens where a signed-in reader left off (product §4), else Genesis 1.
 */
export function useReaderPosition(translations: ReaderTranslations = {}): ReaderLocation {
  const session = useSession();
  const isSignedIn = session.status === 'signed-in';
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();

  const bookParam = searchParams.get('book');
  const chapterParam = searchParams.get('chapter');
  const position = positionFromParams(bookParam, chapterParam);
  const lastPosition = useLastPosition(position === null && !bookParam && isSignedIn);
  // The translations shown are carried into the addresses written below; a change of them is
  // not a reason to write one.
  const translationsRef = useRef(translations);
  useEffect(() => {
    translationsRef.current = translations;
  });

  // An address naming a chapter that is not there (?book=Genesis&chapter=999, ?book=Foo): the
  // nearest one, the spec's 'Chapter not found' toast, and a line saying what is shown instead
  // (docs/product.md §4, Reader position). Once per history entry, also when an effect runs twice.
  const fallback = readerParamsFallback(bookParam, chapterParam);
  const handledFallbackFor = useRef<string | null>(null);
  useEffect(() => {
    if (!fallback || handledFallbackFor.current === location.key) return;
    handledFallbackFor.current = location.key;
    notifyChapterNotFound(fallback.reference);
    void navigate(
      { search: readerSearch(fallback.position, translationsRef.current) },
      { replace: true, state: { shownInstead: fallback.note } },
    );
  }, [fallback, location.key, navigate]);

  // No chapter in the address: the last position, else Genesis 1.
  useEffect(() => {
    if (position !== null || bookParam || session.status === 'loading') return;
    if (isSignedIn && lastPosition.isPending) return;
    const last = lastPosition.data;
    const resume =
      isSignedIn && last && isValidPosition({ bookIndex: last.bookIndex, chapter: last.chapter })
        ? { bookIndex: last.bookIndex, chapter: last.chapter }
        : firstPosition;
    void navigate({ search: readerSearch(resume, translationsRef.current) }, { replace: true });
  }, [
    position,
    bookParam,
    session.status,
    isSignedIn,
    lastPosition.isPending,
    lastPosition.data,
    navigate,
  ]);

  // Turning a chapter draws the new one in the tap's own render. The router applies a new
  // address in a transition (so that a screen whose code is still on its way keeps the old one
  // up), which React renders in slices between other work: on a slow phone that alone about
  // doubled the time from tap to text. The turn is kept until the router has applied any new
  // address, which from then on is the chapter shown, and only while the address still names
  // it (Back pressed before the router caught up leaves the turn behind).
  const [turn, setTurn] = useState<{ fromKey: string; position: ReaderPosition } | null>(null);
  const showAtOnce = useCallback(
    (next: ReaderPosition) => setTurn({ fromKey: location.key, position: next }),
    [location.key],
  );
  // Back or Forward before the router has applied the turn's address can bring the router
  // back to the very entry it shows, and then nothing on the page renders again: the turn ends
  // with the history's own event.
  useEffect(() => {
    if (turn === null) return;
    const endTurn = () => setTurn(null);
    window.addEventListener('popstate', endTurn);
    return () => window.removeEventListener('popstate', endTurn);
  }, [turn]);
  if (turn !== null) {
    if (turn.fromKey === location.key && isTheAddressNow(turn.position)) {
      return {
        position: turn.position,
        targetVerse: null,
        shownInstead: null,
        locationKey: location.key,
        showAtOnce,
      };
    }
    // The router has applied the address: forget the turn (Back to the entry it was made
    // from must show that entry's chapter).
    setTurn(null);
  }

  return {
    position,
    targetVerse: targetVerseFrom(location.state),
    shownInstead: shownInsteadFrom(location.state),
    locationKey: location.key,
    showAtOnce,
  };
}
