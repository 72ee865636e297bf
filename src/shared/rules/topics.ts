import { journalLimits } from './journal.ts';

/**
 * Topics (docs/product.md §5, decision 027): a topic is a tag, by the note tags' rules (at most 12
 * on an item, each 1 to 30 characters once trimmed), the same on a note, a highlight and a saved
 * verse. Two tags that differ only in case are one topic.
 */
export const topicLimits = {
  tags: journalLimits.tags,
  tag: journalLimits.tag,
} as const;

/**
 * The key a topic is stored and looked up by: the tag in Unicode's composed form, lower case.
 * 'Grace', 'GRACE' and 'grace' are one topic; how each item spells it is kept on the item.
 */
export function topicKey(tag: string): string {
  return tag.trim().normalize('NFC').toLowerCase();
}

/** The most topics GET /api/topics gives in one page (alphabetical, with their counts). */
export const topicListPageMax = 200;

export const topicTagMessage = `A topic is 1 to ${topicLimits.tag} characters.`;
export const topicTagsMessage = `Choose at most ${topicLimits.tags} topics.`;
