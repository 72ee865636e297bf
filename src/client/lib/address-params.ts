/**
 * An address's query with these of its parameters changed ('' or null: removed), written as a
 * search string ('?a=1', or '' when none is left) with spaces as %20, as people type them.
 */
export function searchWith(
  current: string | URLSearchParams,
  changes: Record<string, string | null>,
): string {
  const params = new URLSearchParams(current);
  for (const [name, value] of Object.entries(changes)) {
    if (value) params.set(name, value);
    else params.delete(name);
  }
  const query = params.toString().replace(/\+/g, '%20');
  return query ? `?${query}` : '';
}
