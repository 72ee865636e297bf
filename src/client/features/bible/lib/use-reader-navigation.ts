import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import {
  nextPosition,
  positionFromParams,
  previousPosition,
  type ReaderPosition,
} from '#shared/bible/navigation.ts';
import { notifyChapterNotFound } from './notify-chapter-not-found.ts';
import { parseReference } from './parse-reference.ts';
import { readerSearch, type ReaderTranslations } from './reader-url.ts';
import { useChapterShortcuts } from './use-chapter-shortcuts.ts';

/**
 * Moving through the Bible: to a chosen chapter, a step back or on (buttons and ← →), or a
 * reference from the search. `headingRef` is the chapter's heading, where each move lands;
 * `showAtOnce` (from useReaderPosition) draws a chosen or stepped-to chapter without waiting
 * for the router.
 */
export function useReaderNavigation(
  showAtOnce: (position: ReaderPosition) => void,
  { translation, parallel }: ReaderTranslations = {},
) {
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const goTo = useCallback(
    (next: ReaderPosition, options: { from?: 'top' | 'bottom'; state?: unknown } = {}) => {
      showAtOnce(next);
      void navigate(
        { search: readerSearch(next, { translation, parallel }) },
        options.state === undefined ? undefined : { state: options.state },
      );
      const heading = headingRef.current;
      if (!heading) return;
      // product §4: prev/next brings the reader to the start of the new chapter.
      const top = heading.getBoundingClientRect().top;
      if (options.from === 'bottom' || top < 0 || top > window.innerHeight * 0.6) {
        heading.scrollIntoView({ block: 'start' });
      }
      // From the end of a chapter, focus moves to the new one's heading.
      if (options.from === 'bottom') heading.focus({ preventScroll: true });
    },
    [navigate, showAtOnce, translation, parallel],
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

  const openReference = useCallback(
    (reference: string) => {
      const target = parseReference(reference);
      if (!target) {
        notifyChapterNotFound(reference);
        return;
      }
      void navigate(
        { search: readerSearch(target.position, { translation, parallel }) },
        { state: target.verse ? { verse: target.verse } : null },
      );
      if (!target.verse) headingRef.current?.scrollIntoView({ block: 'start' });
    },
    [navigate, translation, parallel],
  );

  return { headingRef, goTo, openReference };
}
