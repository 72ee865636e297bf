import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { chapterQueryOptions, useChapter } from '#client/api/bible.ts';
import type { QueryErrorToast } from '#client/lib/query-client.ts';
import { nextPosition, type ReaderPosition } from '#shared/bible/navigation.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import { chapterErrorDescription } from './chapter-error.ts';
import { useWhenIdle } from './use-when-idle.ts';

/** product §8 'Loading Error' toast, once per failure, with Retry. */
function loadingErrorToast(error: Error): QueryErrorToast {
  return {
    title: 'Loading Error',
    description: chapterErrorDescription(error),
    isRetryable: true,
  };
}

/** The chapter on screen; the next one is fetched (quietly) while the reader reads this one. */
export function useReaderChapter(position: ReaderPosition | null, translation: TranslationId) {
  const queryClient = useQueryClient();
  const chapter = useChapter(position, translation, loadingErrorToast);
  const chapterData = chapter.data;

  const prefetchNext = useMemo(() => {
    if (!chapterData) return null;
    const next = nextPosition({ bookIndex: chapterData.book_index, chapter: chapterData.chapter });
    if (!next) return null;
    return () => void queryClient.prefetchQuery(chapterQueryOptions(next, chapterData.translation));
  }, [chapterData, queryClient]);
  useWhenIdle(prefetchNext);

  return chapter;
}
