import type { TranslationId } from '../../../../shared/bible/translations.ts';
import type { ChapterResponse, ChapterVerse } from '../../../../shared/schemas/bible.ts';
import { HydratesApart } from '../../../components/hydrates-apart.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { offlineChapterMessage } from '../lib/chapter-error.ts';
import { ChapterLoadError, ChapterSkeleton } from './chapter-states.tsx';
import { ChapterText } from './chapter-text.tsx';
import { ParallelText } from './parallel-text.tsx';

type ChapterBodyProps = {
  label: string | null;
  /** The chapter query's state. */
  chapter: {
    data: ChapterResponse | undefined;
    isError: boolean;
    error: Error | null;
    isFetching: boolean;
  };
  onRetry: () => void;
  /** The translation read alongside (issue 25), and its chapter's query. */
  parallel: {
    translation: TranslationId;
    data: ChapterResponse | undefined;
    isError: boolean;
  } | null;
  textRem: number;
  highlighted: ReadonlySet<number>;
  selectedVerse: number | null;
  readingVerse: number | null;
  targetVerse: number | null;
  isSignedIn: boolean;
  onVerse: (verse: ChapterVerse) => void;
};

/** The chapter's text, or its skeleton while it loads, or 'Unable to load' with Try Again. */
export function ChapterBody({
  label,
  chapter,
  onRetry,
  parallel,
  textRem,
  highlighted,
  selectedVerse,
  readingVerse,
  targetVerse,
  isSignedIn,
  onVerse,
}: ChapterBodyProps) {
  const { data, isError, error, isFetching } = chapter;
  return (
    <>
      <p role="status" className="sr-only">
        {data ? `${data.reference} loaded.` : ''}
      </p>
      <article aria-label={label ?? 'Chapter'} className="min-h-[50vh]">
        {data && parallel ? (
          <HydratesApart>
            <ParallelText
              chapter={data}
              parallel={parallel.data}
              parallelTranslation={parallel.translation}
              isParallelError={parallel.isError}
              textRem={textRem}
              highlighted={highlighted}
              selectedVerse={selectedVerse}
              readingVerse={readingVerse}
              targetVerse={targetVerse}
              isSignedIn={isSignedIn}
              onActivate={onVerse}
            />
          </HydratesApart>
        ) : data ? (
          <HydratesApart>
            <ChapterText
              chapter={data}
              textRem={textRem}
              highlighted={highlighted}
              selectedVerse={selectedVerse}
              readingVerse={readingVerse}
              targetVerse={targetVerse}
              isSignedIn={isSignedIn}
              onActivate={onVerse}
            />
          </HydratesApart>
        ) : isError ? (
          <ChapterLoadError
            onRetry={onRetry}
            isRetrying={isFetching}
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
    </>
  );
}
