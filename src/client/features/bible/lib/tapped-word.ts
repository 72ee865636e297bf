import { wordsOf } from '#shared/bible/verse-words.ts';

/** The text position under a tap, in the browsers that can tell. */
function caretAt(x: number, y: number): { node: Node; offset: number } | null {
  if (typeof document.caretPositionFromPoint === 'function') {
    const position = document.caretPositionFromPoint(x, y);
    return position ? { node: position.offsetNode, offset: position.offset } : null;
  }
  // Safari before 17.4 and older Chromium.
  const legacy = (
    document as Document & { caretRangeFromPoint?: (x: number, y: number) => Range | null }
  ).caretRangeFromPoint?.(x, y);
  return legacy ? { node: legacy.startContainer, offset: legacy.startOffset } : null;
}

/**
 * Which of a verse's words a tap landed on, counted as the study data counts them (wordsOf over
 * the verse's words, its number left out; a new line of poetry reads as a space), or null when
 * the tap was not on a word.
 */
export function tappedWordIndex(verseElement: HTMLElement, x: number, y: number): number | null {
  const caret = caretAt(x, y);
  if (!caret || !verseElement.contains(caret.node)) return null;
  let text = '';
  let tapped = -1;
  const walker = document.createTreeWalker(
    verseElement,
    NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT,
  );
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof HTMLBRElement) text += ' ';
    if (node.nodeType !== Node.TEXT_NODE) continue;
    // The verse's number and the reference mark are not its words.
    if (node.parentElement?.closest('sup, [data-reference-mark]')) continue;
    if (node === caret.node) tapped = text.length + caret.offset;
    text += node.textContent ?? '';
  }
  if (tapped < 0) return null;
  const index = wordsOf(text).findIndex((word) => tapped >= word.start && tapped <= word.end);
  return index < 0 ? null : index;
}
