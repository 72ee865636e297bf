import type { SearchResponse } from '#shared/schemas/bible.ts';

/**
 * For a search that names a passage ('ps 23', 'John 3:16', 'jn 3 16'): where to go. A verse is kept only
 * when the query asked for one, so 'ps 23' opens the chapter at its top.
 */
export function passageReference(response: SearchResponse): string | null {
  const first = response.results[0];
  if (response.kind !== 'reference' || !first) return null;
  // 'John 3:16', 'John 3.16' and 'jn 3 16' name a verse; a book's own number comes first
  // ('1 John 4'), so two numbers side by side are always a chapter and a verse.
  const asksForVerse = /\d\s*[:.]\s*\d|\d\s+\d/.test(response.query);
  return asksForVerse
    ? `${first.book} ${first.chapter}:${first.verse}`
    : `${first.book} ${first.chapter}`;
}
