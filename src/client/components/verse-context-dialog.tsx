import { useQuery } from '@tanstack/react-query';
import { ArrowRight, CircleAlert } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { verseContextQueryOptions, versePositionOf } from '#client/api/study-context.ts';
import { readerPath } from '#client/features/bible/lib/reader-url.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { useIsOnline } from '#client/lib/offline/use-online-status.ts';
import { translationAbbreviation } from '#client/lib/translation-device.ts';
import { findBookIndex } from '#shared/bible/book-names.ts';
import { books } from '#shared/bible/books.ts';
import { displayReference } from '#shared/bible/references.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import type { VersePosition } from '#shared/bible/verse-index.ts';
import { Button } from './ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './ui/dialog.tsx';
import { Spinner } from './ui/spinner.tsx';
import { VerseLinkList } from './verse-link-list.tsx';

// The 'Context' dialog (verse-context-button.tsx), fetched at its first opening.

type VerseContextDialogProps = {
  /** The verse as stored or shown: 'John 3:16', 'Psalms 23:1'. */
  reference: string;
  translation: TranslationId;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The dialog, open while `isOpen`; its passage is asked for the first time it opens. */
export function VerseContextDialog({
  reference,
  translation,
  isOpen,
  onOpenChange,
}: VerseContextDialogProps) {
  const position = versePositionOf(reference);
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      {isOpen && position ? (
        <PassageContent
          position={position}
          translation={translation}
          onNavigate={() => onOpenChange(false)}
        />
      ) : isOpen ? (
        <DialogContent>
          <DialogTitle>{displayReference(reference)} in context</DialogTitle>
          <DialogDescription className="mt-3">This verse could not be found.</DialogDescription>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

type PassageContentProps = {
  position: VersePosition;
  translation: TranslationId;
  /** A link into the reader was followed: the dialog closes as the reader opens. */
  onNavigate: () => void;
};

function VerseNumber({ verse }: { verse: number }) {
  return (
    <sup className="mr-0.5 font-sans text-[0.65em] font-semibold text-muted-foreground">
      {verse}
    </sup>
  );
}

function ContextError({
  error,
  onRetry,
  isRetrying,
}: {
  error: unknown;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  const isOnline = useIsOnline();
  const isOffline = !isOnline || (error instanceof ApiError && error.code === 'OFFLINE');
  return (
    <div role="alert" className="mt-5 flex flex-col items-start gap-3">
      <p className="flex items-start gap-2 text-sm">
        <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
        {isOffline
          ? 'You are offline. The context of this verse needs a connection: try again when you are back online.'
          : 'The context of this verse could not be loaded.'}
      </p>
      <Button variant="outline" size="sm" isBusy={isRetrying} onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/**
 * The verse in its paragraph (the verse marked), who is speaking where the text says, its three
 * best cross-references with their source, and 'Read the whole chapter' (docs/product.md).
 */
function PassageContent({ position, translation, onNavigate }: PassageContentProps) {
  const query = useQuery(verseContextQueryOptions(position, translation));
  const reference = displayReference(
    `${books[position.bookIndex]?.name ?? ''} ${position.chapter}:${position.verse}`,
  );
  const context = query.data;
  return (
    <DialogContent className="max-w-xl">
      <DialogTitle>{reference} in context</DialogTitle>
      <DialogDescription className="mt-1">
        {context
          ? `${displayReference(context.passage)} (${translationAbbreviation(context.translation)})`
          : `The passage around ${reference}`}
      </DialogDescription>
      {query.isPending ? (
        <p role="status" className="mt-5 flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" />
          Loading the passage…
        </p>
      ) : !context ? (
        <ContextError
          error={query.error}
          isRetrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          {context.speaker ? (
            <p className="mt-4 text-sm">
              <span className="font-medium">Speaking:</span> {context.speaker}
            </p>
          ) : null}
          <blockquote className="mt-4 font-serif text-base leading-relaxed text-pretty">
            <p>
              {context.verses.map((verse) => (
                <Fragment key={verse.verse}>
                  {verse.marked ? (
                    <mark className="rounded-sm bg-accent px-0.5 text-accent-foreground [box-decoration-break:clone]">
                      <span className="sr-only">This verse: </span>
                      <VerseNumber verse={verse.verse} />
                      {verse.text}
                    </mark>
                  ) : (
                    <>
                      <VerseNumber verse={verse.verse} />
                      {verse.text}
                    </>
                  )}{' '}
                </Fragment>
              ))}
            </p>
          </blockquote>
          <Button asChild variant="outline" size="sm" className="mt-4">
            <Link
              to={readerPath(
                { bookIndex: findBookIndex(context.book), chapter: context.chapter },
                { translation },
              )}
              state={{ verse: context.verse }}
              onClick={onNavigate}
            >
              <ArrowRight aria-hidden="true" />
              Read the whole chapter
            </Link>
          </Button>
          {context.cross_references.length > 0 ? (
            <section
              aria-labelledby="verse-context-references"
              className="mt-5 border-t border-border pt-4"
            >
              <h3 id="verse-context-references" className="text-sm font-semibold">
                Cross-references
              </h3>
              <VerseLinkList
                items={context.cross_references}
                translation={translation}
                onOpen={onNavigate}
              />
              <p className="mt-3 text-xs text-muted-foreground">{context.attribution}</p>
            </section>
          ) : null}
        </>
      )}
    </DialogContent>
  );
}
