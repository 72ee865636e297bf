import { ArrowRight, BookOpen, Languages, List } from 'lucide-react';
import { HighlightedText } from '#client/components/highlighted-text.tsx';
import type { SearchOption } from '#client/features/bible/lib/search-suggestions.ts';
import { displayReference } from '#shared/bible/references.ts';
import { strongsLanguage, strongsOfferText } from './strongs-text.ts';

/** One suggestion: 'Go to' a passage, an original word, a verse with its matched words, or 'See all'. */
export function SearchOptionContent({ option }: { option: SearchOption }) {
  if (option.type === 'goto') {
    return (
      <>
        <BookOpen className="size-4 shrink-0 text-primary" aria-hidden="true" />
        <span className="flex-1">Go to {displayReference(option.reference)}</span>
        <ArrowRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </>
    );
  }
  if (option.type === 'all') {
    return (
      <>
        <List className="size-4 shrink-0 text-primary" aria-hidden="true" />
        <span className="flex-1">See all {option.total} results</span>
      </>
    );
  }
  if (option.type === 'word') {
    const { word } = option;
    return (
      <>
        <Languages className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        {option.isOffer ? (
          <span className="flex-1 font-medium">{strongsOfferText(word)}</span>
        ) : (
          <span className="min-w-0 flex-1">
            <span className="block font-semibold text-primary">
              {word.number} · {strongsLanguage(word.number)} {word.transliteration}
            </span>
            <span className="mt-0.5 line-clamp-2 text-muted-foreground">{word.definition}</span>
          </span>
        )}
      </>
    );
  }
  const { result } = option;
  return (
    <span className="min-w-0">
      <span className="block font-semibold text-primary">{displayReference(result.reference)}</span>
      <span className="mt-0.5 line-clamp-2 font-serif text-foreground">
        <HighlightedText text={result.content} ranges={result.highlights} />
      </span>
    </span>
  );
}
