import { HydratesApart } from '#client/components/hydrates-apart.tsx';
import { offlineChapterMessage } from '#client/features/bible/lib/chapter-error.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { displayReference } from '#shared/bible/references.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import type { ChapterResponse, ChapterVerse } from '#shared/schemas/bible.ts';
import { ChapterLoadError, ChapterSkeleton } from './chapter-states.tsx';
import { ChapterText } from './chapter-text.tsx';
import { ParallelText } from './parallel-text.tsx';
import type { VerseMarks } from './verse-parts.tsx';

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
  /** The translation read alongside (decision 015), and its chapter's query. */
  parallel: {
    translation: TranslationId;
    data: ChapterResponse | undefined;
    isError: boolean;
  } | null;
  textRem: number;
  marks: VerseMarks;
  onVerse: (verse: ChapterVerse, word?: number) => void;
};

/** The chapter's text, or its skeleton while it loads, or 'Unable to load' with Try Again. */
export function ChapterBody({
  label,
  chapter,
  onRetry,
  parallel,
  textRem,
  marks,
  onVerse,
}: ChapterBodyProps) {
  const { data, isError, error, isFetching } = chapter;
  return (
    <>
      <p role="status" className="sr-only">
        {data ? `${displayReference(data.reference)} loaded.` : ''}
      </p>
      <article aria-label={label ?? 'Chapter'} className="min-h-[50vh]">
        {data ? (
          <HydratesApart>
            {parallel ? (
              <ParallelText
                chapter={data}
                parallel={parallel.data}
                parallelTranslation={parallel.translation}
                isParallelError={parallel.isError}
                textRem={textRem}
                marks={marks}
                onActivate={onVerse}
              />
            ) : (
              <ChapterText chapter={data} textRem={textRem} marks={marks} onActivate={onVerse} />
            )}
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
