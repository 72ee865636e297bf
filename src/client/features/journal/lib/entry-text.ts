/** product §9: the recent entries show the first 100 characters of an entry. */
export const previewLength = 100;

/**
 * The first `length` characters of an entry, on one line, with '…' when it was cut. Cuts at the
 * last word break when there is one near the end, so that a word is not chopped in half.
 */
export function entryPreview(content: string, length = previewLength): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length);
  const lastSpace = cut.lastIndexOf(' ');
  const atWord = lastSpace >= length * 0.6 ? cut.slice(0, lastSpace) : cut;
  return `${atWord.trimEnd()}…`;
}

/** The title to show: the entry's own, or 'Untitled'. */
export function entryTitle(title: string | null): string {
  return title?.trim() || 'Untitled';
}
