import { useSetSavedVerseTags } from '#client/api/topics.ts';
import { TopicTags } from '#client/components/topic-tags.tsx';
import type { SavedVerse } from '#shared/schemas/verses.ts';

/** A saved verse's topics (decision 027): links to their study pages, added and taken off here. */
export function SavedVerseTopics({ verse, reference }: { verse: SavedVerse; reference: string }) {
  const setTags = useSetSavedVerseTags();
  return (
    <TopicTags
      className="mt-4"
      tags={setTags.isPending ? setTags.variables.tags : verse.tags}
      itemName={reference}
      isBusy={setTags.isPending}
      onChange={(tags) => setTags.mutate({ id: verse.id, tags })}
    />
  );
}
