import type { JournalEntry } from '#shared/schemas/journal.ts';

/** 'All', or one of the feeling tags. */
export type TagFilter = string;
export const allTags = 'All';

/**
 * product §2 /journal-entries: a case-insensitive search over title and content, and a tag filter
 * ('All' shows every entry; tags match whatever their case).
 */
export function filterEntries(
  entries: readonly JournalEntry[],
  { search, tag }: { search: string; tag: TagFilter },
): JournalEntry[] {
  const term = search.trim().toLowerCase();
  const wantedTag = tag === allTags ? null : tag.toLowerCase();
  return entries.filter((entry) => {
    if (wantedTag && !entry.emotion_tags.some((t) => t.toLowerCase() === wantedTag)) return false;
    if (!term) return true;
    return (
      (entry.title ?? '').toLowerCase().includes(term) || entry.content.toLowerCase().includes(term)
    );
  });
}
