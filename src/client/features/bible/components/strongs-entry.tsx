import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { strongsEntryQueryOptions } from '#client/api/study.ts';
import { Button } from '#client/components/ui/button.tsx';
import { VerseLinkList } from '#client/components/verse-link-list.tsx';
import { formatCount } from '#client/lib/format-count.ts';
import { readOfflineStrongsEntry } from '#client/lib/offline/study-dictionary.ts';
import type { TranslationId } from '#shared/bible/translations.ts';

type StrongsEntryProps = {
  /** 'H430', 'G25'. */
  number: string;
  /** The English word tapped. */
  word: string;
  /** The translation the reader opens a use in. */
  translation: TranslationId;
  /** A use opened: the dialog closes as the reader goes there. */
  onOpen: () => void;
};

/**
 * A tapped word's original (decision 023): the Hebrew or Greek word, its transliteration and
 * Strong's number, a short definition, how the KJV renders it, and every verse where it stands,
 * counted by book, a page at a time.
 */
export function StrongsEntry({ number, word, translation, onOpen }: StrongsEntryProps) {
  const id = useId();
  const query = useInfiniteQuery(strongsEntryQueryOptions(number));
  const pages = query.data?.pages ?? [];
  const entry = pages[0];
  const uses = pages.flatMap((page) => page.uses.items);
  const isHebrew = number.startsWith('H');
  // Offline (or the server out of reach): the word's meaning from the study notes saved on this
  // device, when they are.
  const saved = useQuery({
    queryKey: ['study', 'offline-strongs', number],
    queryFn: () => readOfflineStrongsEntry(number),
    enabled: query.isError,
    staleTime: Infinity,
    networkMode: 'always',
  });

  if (query.isPending || (query.isError && saved.isPending)) {
    return <p className="mt-3 text-sm text-muted-foreground">Loading…</p>;
  }
  if (!entry && saved.data) {
    return (
      <section
        aria-label={`${saved.data.transliteration} (${number})`}
        className="mt-3 rounded-xl border border-border bg-muted/60 px-4 py-3.5"
        data-strongs={number}
      >
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span
            lang={isHebrew ? 'he' : 'grc'}
            dir={isHebrew ? 'rtl' : 'ltr'}
            className="font-serif text-2xl"
          >
            {saved.data.lemma}
          </span>
          <span className="font-serif text-base italic">{saved.data.transliteration}</span>
          <span className="text-xs font-semibold text-primary">{number}</span>
        </p>
        <p className="mt-2 text-sm leading-relaxed">{saved.data.definition}</p>
        <p className="mt-2 text-xs text-muted-foreground">
          Every use of this word can be listed when you are online.
        </p>
      </section>
    );
  }
  if (!entry) {
    return (
      <p className="mt-3 text-sm text-muted-foreground">
        {`The original word behind “${word}” could not be loaded.`}
      </p>
    );
  }
  return (
    <section
      aria-labelledby={`${id}-word`}
      className="mt-3 rounded-xl border border-border bg-muted/60 px-4 py-3.5"
      data-strongs={entry.number}
    >
      <h4 id={`${id}-word`} className="flex flex-wrap items-baseline gap-x-2">
        <span
          lang={isHebrew ? 'he' : 'grc'}
          dir={isHebrew ? 'rtl' : 'ltr'}
          className="font-serif text-2xl"
        >
          {entry.lemma}
        </span>
        <span className="font-serif text-base italic">{entry.transliteration}</span>
        <span className="text-xs font-semibold text-primary">{entry.number}</span>
      </h4>
      <p className="mt-0.5 text-xs text-muted-foreground">
        {`Behind “${word}”${entry.pronunciation ? ` · said ${entry.pronunciation}` : ''}`}
      </p>
      <p className="mt-2 text-sm leading-relaxed">{entry.definition}</p>
      {entry.renderings.length > 0 ? (
        <p className="mt-2 text-sm">
          <span className="font-semibold">In the KJV: </span>
          {entry.renderings.map((rendering) => `${rendering.word} (${rendering.count})`).join(', ')}
        </p>
      ) : null}

      <h5 className="mt-4 text-sm font-semibold">
        {`Every use: ${formatCount(entry.uses.total)} ${entry.uses.total === 1 ? 'verse' : 'verses'}`}
      </h5>
      <p className="mt-1 text-xs leading-relaxed text-muted-foreground">
        {entry.uses.by_book.map((book) => `${book.book} ${book.count}`).join(' · ')}
      </p>
      <VerseLinkList items={uses} translation={translation} onOpen={onOpen} />
      {query.hasNextPage ? (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2"
          isBusy={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
          aria-label={`More uses of ${entry.transliteration} (${uses.length} of ${entry.uses.total} shown)`}
        >
          <ChevronDown aria-hidden="true" />
          More
        </Button>
      ) : null}
    </section>
  );
}
