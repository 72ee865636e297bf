import { Link } from 'react-router';
import { readerPath } from '#client/features/bible/lib/reader-url.ts';
import { findBookIndex } from '#shared/bible/book-names.ts';
import type { TranslationId } from '#shared/bible/translations.ts';

/** A verse (or the first of a run) to open, with its words. */
export type VerseLinkItem = {
  /** 'Romans 5:8', 'Psalm 89:11–12'. */
  reference: string;
  book: string;
  chapter: number;
  verse: number;
  text: string;
};

/**
 * Verses as the study helps list them (cross-references, a word's every use): each reference a
 * link that opens the reader there in `translation`, with the verse's words beneath.
 */
export function VerseLinkList({
  items,
  translation,
  onOpen,
}: {
  items: readonly VerseLinkItem[];
  translation: TranslationId;
  /** A verse opened: whatever holds the list closes as the reader goes there. */
  onOpen: () => void;
}) {
  return (
    <ul className="mt-2 space-y-2.5">
      {items.map((item, index) => (
        <li key={`${index} ${item.reference}`}>
          <Link
            to={readerPath(
              { bookIndex: findBookIndex(item.book), chapter: item.chapter },
              { translation },
            )}
            state={{ verse: item.verse }}
            onClick={onOpen}
            className="rounded-sm text-sm font-semibold text-primary underline-offset-4 hover:underline"
          >
            {item.reference}
          </Link>
          <p className="mt-0.5 font-serif text-sm leading-relaxed text-muted-foreground">
            {item.text}
          </p>
        </li>
      ))}
    </ul>
  );
}
