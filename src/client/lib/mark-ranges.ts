export type MarkedPart = { text: string; isMatch: boolean };

/**
 * Splits a search result's content by its [start, end) highlight ranges, so the matches can be
 * wrapped in <mark>. Ranges may arrive unsorted, overlapping or out of bounds; they are clamped
 * and merged (also across the spaces between adjacent words) rather than trusted.
 */
export function markRanges(content: string, ranges: readonly (readonly [number, number])[]) {
  const sorted = ranges
    .map(([start, end]) => [Math.max(0, start), Math.min(content.length, end)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    // Words of a phrase ('love one another') read as one mark, not three.
    const isJoined = last && (start <= last[1] || content.slice(last[1], start).trim() === '');
    if (last && isJoined) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  const parts: MarkedPart[] = [];
  let cursor = 0;
  for (const [start, end] of merged) {
    if (start > cursor) parts.push({ text: content.slice(cursor, start), isMatch: false });
    parts.push({ text: content.slice(start, end), isMatch: true });
    cursor = end;
  }
  if (cursor < content.length) parts.push({ text: content.slice(cursor), isMatch: false });
  return parts;
}
