import { useQuery } from '@tanstack/react-query';
import { ArrowRight, CircleAlert } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import {
  verseContextQueryOptions,
  versePositionOf,
  type VerseRange,
} from '#client/api/study-context.ts';
import { readerPath } from '#client/features/bible/lib/reader-url.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { useIsOnline } from '#client/lib/offline/use-online-status.ts';
import { translationAbbreviation } from '#client/lib/translation-device.ts';
import { findBookIndex } from '#shared/bible/book-names.ts';
import { books } from '#shared/bible/books.ts';
import { displayReference } from '#shared/bible/references.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import type { VerseContextResponse } from '#shared/schemas/study-context.ts';
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
  position: VerseRange;
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

type ContextVerse = VerseContextResponse['verses'][number];

function VerseRun({ verses }: { verses: ContextVerse[] }) {
  return verses.map((verse) => (
    <Fragment key={verse.verse}>
      <VerseNumber verse={verse.verse} />
      {verse.text}{' '}
    </Fragment>
  ));
}

/** The passage, the verse or the range's verses marked as one, for eyes and screen readers. */
function Passage({ verses }: { verses: ContextVerse[] }) {
  const first = verses.findIndex((verse) => verse.marked);
  const end =
    first < 0 ? verses.length : first + verses.slice(first).filter((v) => v.marked).length;
  const marked = first < 0 ? [] : verses.slice(first, end);
  return (
    <p>
      <VerseRun verses={first < 0 ? verses : verses.slice(0, first)} />
      {marked.length > 0 ? (
        <>
          <mark className="rounded-sm bg-accent px-0.5 text-accent-foreground [box-decoration-break:clone]">
            <span className="sr-only">{marked.length > 1 ? 'These verses: ' : 'This verse: '}</span>
            {marked.map((verse, index) => (
              <Fragment key={verse.verse}>
                <VerseNumber verse={verse.verse} />
                {verse.text}
                {index < marked.length - 1 ? ' ' : ''}
              </Fragment>
            ))}
          </mark>{' '}
        </>
      ) : null}
      <VerseRun verses={verses.slice(end)} />
    </p>
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
    `${books[position.bookIndex]?.name ?? ''} ${position.chapter}:${position.verse}${
      position.to === undefined ? '' : `-${position.to}`
    }`,
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
            <Passage verses={context.verses} />
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
