import { useEffect } from 'react';
import type { ChapterResponse } from '#shared/schemas/bible.ts';
import { verseElementId } from './use-verse-keys.ts';

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A verse a search pointed to: into view, focused, and briefly lit up, once the chapter is
 * drawn; again on each visit to the address (`locationKey`).
 */
export function useScrollToVerse(
  targetVerse: number | null,
  chapter: ChapterResponse | undefined,
  locationKey: string,
): void {
  useEffect(() => {
    if (targetVerse === null || !chapter) return;
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
  }, [targetVerse, chapter, locationKey]);
}
