import { ArrowRight, BookOpen, List } from 'lucide-react';
import { HighlightedText } from '#client/components/highlighted-text.tsx';
import type { SearchOption } from '#client/features/bible/lib/search-suggestions.ts';
import { displayReference } from '#shared/bible/references.ts';

/** One suggestion: 'Go to' a passage, a verse with its matched words, or 'See all'. */
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
