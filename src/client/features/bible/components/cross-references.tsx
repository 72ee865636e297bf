import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { crossReferencesQueryOptions } from '#client/api/study.ts';
import { Button } from '#client/components/ui/button.tsx';
import { VerseLinkList } from '#client/components/verse-link-list.tsx';
import type { TranslationId } from '#shared/bible/translations.ts';
import type { VersePosition } from '#shared/bible/verse-index.ts';

type CrossReferencesProps = {
  verse: VersePosition;
  translation: TranslationId;
  /** A reference opened: the dialog closes as the reader goes there. */
  onOpen: () => void;
};

/**
 * The verse's cross-references in the verse dialog (decision 023): the best voted first, each
 * with its words in the translation read and one tap to open it; 'More' for the rest; the
 * source's attribution beneath.
 */
export function CrossReferences({ verse, translation, onOpen }: CrossReferencesProps) {
  const id = useId();
  const query = useInfiniteQuery(crossReferencesQueryOptions(verse, translation));
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const first = pages[0];

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-6 border-t border-border pt-5">
      <h3 id={`${id}-heading`} className="text-sm font-semibold">
        Cross-references
      </h3>
      {query.isPending ? (
        <p className="mt-2 text-sm text-muted-foreground">Loading…</p>
      ) : query.isError ? (
        <p className="mt-2 text-sm text-muted-foreground">Cross-references could not be loaded.</p>
      ) : items.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">This verse has none.</p>
      ) : (
        <>
          <VerseLinkList items={items} translation={translation} onOpen={onOpen} />
          {query.hasNextPage ? (
            <Button
              variant="ghost"
              size="sm"
              className="mt-2"
              isBusy={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
              aria-label={`More cross-references (${items.length} of ${first?.total ?? items.length} shown)`}
            >
              <ChevronDown aria-hidden="true" />
              More
            </Button>
          ) : null}
          <p className="mt-2 text-xs text-muted-foreground">{first?.attribution}</p>
        </>
      )}
    </section>
  );
}
