import { useHighlights } from '#client/api/highlights.ts';
import { useSetHighlightTags } from '#client/api/topics.ts';
import { TopicTags } from '#client/components/topic-tags.tsx';
import { books } from '#shared/bible/books.ts';
import type { ReaderPosition } from '#shared/bible/navigation.ts';
import { displayReference } from '#shared/bible/references.ts';

/**
 * The topics of the tapped verse's highlight (decision 027), in the verse dialog: shown once the
 * highlight is stored (its id known), from the chapter's highlights the reader already holds.
 */
export function HighlightTopics({
  selected,
}: {
  selected: { position: ReaderPosition; verse: number; reference: string };
}) {
  const book = books[selected.position.bookIndex];
  const chapter = { book_name: book?.name ?? '', chapter_number: selected.position.chapter };
  const highlights = useHighlights(chapter, book !== undefined);
  const setTags = useSetHighlightTags();
  const highlight = highlights.data?.find((item) => item.verse_number === selected.verse);
  if (!highlight || highlight.id.startsWith('pending-')) return null;
  const reference = displayReference(selected.reference);
  return (
    <div className="mt-3">
      <p className="text-sm font-medium">Topics of this highlight</p>
      <TopicTags
        className="mt-1.5"
        tags={setTags.isPending ? setTags.variables.tags : highlight.tags}
        itemName={`your highlight of ${reference}`}
        isBusy={setTags.isPending}
        onChange={(tags) => setTags.mutate({ highlight, tags })}
      />
    </div>
  );
}
