import { BookHeart, CalendarDays, RotateCw } from 'lucide-react';
import { useId } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { DownloadImageButton, SaveVerseButton } from '#client/components/verse-action-buttons.tsx';
import { VerseContextButton } from '#client/components/verse-context-button.tsx';
import { VerseFigure } from '#client/components/verse-figure.tsx';
import { longDate } from '#client/features/verse-of-day/lib/daily-verse.ts';
import { isoDay } from '#client/lib/dates.ts';
import type { DailyVerseResponse } from '#shared/schemas/verses.ts';

type DailyVerseCardProps = {
  date: Date;
  /** `date` already written out (a page drawn by the server hands it over). */
  dateLabel?: string | undefined;
  verse: DailyVerseResponse | undefined;
  isError: boolean;
  onRetry: () => void;
  onSave: () => void;
  isSaving: boolean;
  isSaved: boolean;
  onDownload: () => void;
  isDownloading: boolean;
  onReflect: () => void;
};

function VerseSkeleton() {
  return (
    <div aria-hidden="true" className="mx-auto mt-6 max-w-2xl space-y-3">
      <span className="mx-auto block h-6 w-full animate-pulse rounded bg-card/80" />
      <span className="mx-auto block h-6 w-11/12 animate-pulse rounded bg-card/80" />
      <span className="mx-auto block h-6 w-2/3 animate-pulse rounded bg-card/80" />
      <span className="mx-auto mt-5 block h-4 w-28 animate-pulse rounded bg-card/80" />
    </div>
  );
}

/** product §2 /verse-of-day: the date, 'Today's Scripture', the verse, its reference and theme. */
export function DailyVerseCard({
  date,
  dateLabel,
  verse,
  isError,
  onRetry,
  onSave,
  isSaving,
  isSaved,
  onDownload,
  isDownloading,
  onReflect,
}: DailyVerseCardProps) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      aria-busy={!verse && !isError}
      className="overflow-hidden rounded-3xl border border-border bg-card text-card-foreground shadow-sm"
    >
      <div className="bg-gradient-to-br from-hero-from to-hero-to px-6 py-10 text-center sm:px-12 sm:py-14">
        <p className="inline-flex items-center gap-2 rounded-full border border-border bg-card/80 px-4 py-1.5 text-sm font-medium text-muted-foreground">
          <CalendarDays className="size-4 text-primary" aria-hidden="true" />
          <time dateTime={isoDay(date)}>{dateLabel ?? longDate(date)}</time>
        </p>
        <h2
          id={`${id}-title`}
          className="mt-6 text-sm font-semibold tracking-widest text-primary uppercase"
        >
          Today&apos;s Scripture
        </h2>
        {verse ? (
          <VerseFigure
            text={verse.text}
            reference={verse.reference}
            translation={verse.translation}
            className="mx-auto mt-5 max-w-2xl"
          />
        ) : isError ? (
          <div role="alert" className="mx-auto mt-6 max-w-md">
            <p className="font-serif text-lg">Today&apos;s verse could not be loaded.</p>
            <Button variant="outline" className="mt-4" onClick={onRetry}>
              <RotateCw aria-hidden="true" />
              Try Again
            </Button>
          </div>
        ) : (
          <>
            <VerseSkeleton />
            <span role="status" className="sr-only">
              Loading today&apos;s verse…
            </span>
          </>
        )}
        {verse ? (
          <p className="mt-8 flex flex-wrap items-center justify-center gap-2 text-sm">
            <span className="text-muted-foreground">Today&apos;s theme</span>
            <span className="rounded-full bg-secondary px-3 py-1 font-medium text-secondary-foreground">
              {verse.theme}
            </span>
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-3 border-t border-border px-6 py-5 sm:flex-row sm:flex-wrap sm:justify-center sm:px-10">
        <SaveVerseButton
          label="Save Verse"
          onSave={onSave}
          isSaving={isSaving}
          isSaved={isSaved}
          disabled={!verse}
        />
        <DownloadImageButton
          label="Download Image"
          busyLabel="Downloading..."
          onDownload={onDownload}
          isDownloading={isDownloading}
          disabled={!verse}
        />
        <Button variant="outline" onClick={onReflect} disabled={!verse}>
          <BookHeart aria-hidden="true" />
          Reflect &amp; Journal
        </Button>
        {verse ? (
          <VerseContextButton reference={verse.reference} translation={verse.translation} />
        ) : null}
      </div>
    </section>
  );
}
