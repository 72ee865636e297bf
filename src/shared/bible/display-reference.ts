// How a reference reads on screen. No book list here: the footer's quotation, on every screen,
// uses it from the app's entry chunk (references.ts re-exports it for everyone else).

/**
 * 'Psalms' followed by one psalm: its number, then perhaps verses of it ('23', '23:1', '23:1-6',
 * '23:1, 4'). A range across psalms ('23–24', '23:6-24:1') does not follow.
 */
const onePsalm = /^Psalms(?= \d+(?::\d+(?:\s*[-–]\s*\d+)?(?:,\s*\d+(?:\s*[-–]\s*\d+)?)*)?$)/;

/**
 * A reference as a person reads it: one psalm, or verses of one, is 'Psalm 23', 'Psalm 23:1',
 * 'Psalm 23:1-6', as people write it; the book alone and a range across psalms keep 'Psalms'
 * ('Psalms 23–24'). Every other reference is unchanged. For what is shown only: addresses, stored
 * references and API fields keep the book's name as books.ts spells it.
 */
export function displayReference(reference: string): string {
  return reference.replace(onePsalm, 'Psalm');
}

/**
 * [start, end) offsets in a stored reference (a search's matches) moved onto its displayed
 * form: where displayReference drops the 's' of 'Psalms', offsets after it move back by one and
 * a range of that 's' alone disappears.
 */
export function displayReferenceRanges(
  reference: string,
  ranges: readonly (readonly [number, number])[],
): [number, number][] {
  const at = (offset: number) => (offset > 5 ? offset - 1 : offset);
  const shortened = displayReference(reference) !== reference;
  return ranges
    .map(([start, end]): [number, number] => (shortened ? [at(start), at(end)] : [start, end]))
    .filter(([start, end]) => end > start);
}
