import type { SearchResponse } from '../../../../shared/schemas/bible.ts';

/**
 * For a search that names a passage ('ps 23', 'John 3:16'): where to go. A verse is kept only
 * when the query asked for one, so 'ps 23' opens the chapter at its top.
 */
export function passageReference(response: SearchResponse): string | null {
  const first = response.results[0];
  if (response.kind !== 'reference' || !first) return null;
  const asksForVerse = /\d\s*[:.]\s*\d/.test(response.query);
  return asksForVerse
    ? `${first.book} ${first.chapter}:${first.verse}`
    : `${first.book} ${first.chapter}`;
}
