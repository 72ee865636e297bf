/** The journal opens with the verse to write about in its query string (URL-encoded). */
export function journalHref(reference: string): string {
  return `/journal?verse=${encodeURIComponent(reference)}`;
}
