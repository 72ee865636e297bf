// The keys that move between a chapter's verses, shared by the single and the parallel reader:
// one tab stop for the chapter; ↑ ↓ Home End.
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { ChapterVerse } from '#shared/schemas/bible.ts';
import { tappedWordIndex } from './tapped-word.ts';

export function verseElementId(verse: number): string {
  return `verse-${verse}`;
}

/**
 * The roving tab stop over a chapter's verse buttons: the last verse focused, else the target
 * of a search, else the first. `handlers(verse)` are a verse button's events.
 */
export function useVerseKeys(
  verses: readonly ChapterVerse[],
  targetVerse: number | null,
  onActivate: (verse: ChapterVerse, word?: number) => void,
) {
  const [focusVerse, setFocusVerse] = useState<number | null>(null);
  const numbers = verses.map((verse) => verse.verse);
  const tabStop =
    (focusVerse !== null && numbers.includes(focusVerse) ? focusVerse : null) ??
    (targetVerse !== null && numbers.includes(targetVerse) ? targetVerse : null) ??
    numbers[0];

  function focusAt(index: number) {
    const verse = numbers[Math.max(0, Math.min(numbers.length - 1, index))];
    if (verse === undefined) return;
    setFocusVerse(verse);
    document.getElementById(verseElementId(verse))?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>, verse: ChapterVerse) {
    const index = numbers.indexOf(verse.verse);
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onActivate(verse);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusAt(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusAt(index - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusAt(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusAt(numbers.length - 1);
    }
  }

  function onClick(event: MouseEvent<HTMLElement>, verse: ChapterVerse) {
    // Dragging across the text to copy it is not a tap on a verse.
    const selection = window.getSelection();
    if (selection && !selection.isCollapsed && selection.toString().trim() !== '') return;
    setFocusVerse(verse.verse);
    // The word tapped, for its original (a click from the keyboard has no place: detail 0).
    const word =
      event.detail > 0 ? tappedWordIndex(event.currentTarget, event.clientX, event.clientY) : null;
    onActivate(verse, word ?? undefined);
  }

  return {
    tabStop,
    handlers: (verse: ChapterVerse) => ({
      onClick: (event: MouseEvent<HTMLElement>) => onClick(event, verse),
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => onKeyDown(event, verse),
      onFocus: () => setFocusVerse(verse.verse),
    }),
  };
}

export type VerseKeys = ReturnType<typeof useVerseKeys>;
