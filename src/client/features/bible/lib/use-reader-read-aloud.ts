import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { translationInfo } from '#client/lib/translation-names.ts';
import {
  nextPosition,
  positionLabel,
  previousPosition,
  type ReaderPosition,
} from '#shared/bible/navigation.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import type { ChapterResponse } from '#shared/schemas/bible.ts';
import { useReadAloud } from './use-read-aloud.ts';

/**
 * The chapters still to read after this one when the reader was opened from a plan day's
 * readings (its links carry them in the history entry's state): read-aloud goes on through them
 * and stops after the last, instead of going on through the Bible.
 */
export type ReadingQueueState = { readingQueue?: ReaderPosition[] };

function readingQueueFrom(state: unknown): ReaderPosition[] | null {
  const queue = (state as ReadingQueueState | null)?.readingQueue;
  if (!Array.isArray(queue)) return null;
  return queue.filter(
    (item): item is ReaderPosition =>
      typeof item === 'object' &&
      item !== null &&
      Number.isInteger(item.bookIndex) &&
      Number.isInteger(item.chapter),
  );
}

type Move = (position: ReaderPosition, options?: { state?: unknown }) => void;

export type ReaderReadAloudInput = {
  chapter: ChapterResponse | undefined;
  position: ReaderPosition | null;
  label: string | null;
  translation: TranslationId;
  goTo: Move;
};

/** The reader's read-aloud: on into the next chapter, or through a plan day's readings. */
export function useReaderReadAloud({
  chapter,
  position,
  label,
  translation,
  goTo,
}: ReaderReadAloudInput) {
  const location = useLocation();
  const queue = readingQueueFrom(location.state);
  const onChapterEnd = useCallback(() => {
    if (queue !== null) {
      const [next, ...rest] = queue;
      if (!next) return false;
      goTo(next, { state: { readingQueue: rest } satisfies ReadingQueueState });
      return true;
    }
    const next = position && nextPosition(position);
    if (!next) return false;
    goTo(next);
    return true;
  }, [queue, position, goTo]);
  const onNext = useCallback(() => {
    const next = position && nextPosition(position);
    if (next) goTo(next);
    return next !== null;
  }, [position, goTo]);
  const onPrevious = useCallback(() => {
    const previous = position && previousPosition(position);
    if (previous) goTo(previous);
    return previous !== null;
  }, [position, goTo]);
  return useReadAloud(chapter?.verses ?? [], label ?? '', {
    title: label ?? '',
    album: translationInfo(translation).name,
    versesKey: chapter
      ? positionLabel({ bookIndex: chapter.book_index, chapter: chapter.chapter })
      : null,
    onChapterEnd,
    onNext,
    onPrevious,
  });
}
