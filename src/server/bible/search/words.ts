/**
 * Words as search sees them: runs of ASCII letters, digits and apostrophes, compared lower case
 * with the apostrophes dropped ('God's' → 'gods', 'fathers'' → 'fathers'). The KJV text is plain
 * ASCII; queries are folded to it first (accents and ligatures decomposed, curly quotes made
 * straight), and any other character separates words.
 */

function isWordChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) || // a-z
    (code >= 65 && code <= 90) || // A-Z
    (code >= 48 && code <= 57) || // 0-9
    code === 39 // '
  );
}

/**
 * Calls visit(word, start, end) for each word of text in order; [start, end) is the word in
 * text without a leading or trailing apostrophe, so it can be highlighted as it stands.
 */
export function forEachWord(
  text: string,
  visit: (word: string, start: number, end: number) => void,
): void {
  let index = 0;
  const length = text.length;
  while (index < length) {
    while (index < length && !isWordChar(text.charCodeAt(index))) index += 1;
    let start = index;
    // Most KJV words are lower case without apostrophes: those need no rewriting.
    let isPlain = true;
    while (index < length && isWordChar(text.charCodeAt(index))) {
      const code = text.charCodeAt(index);
      if (code === 39 || (code >= 65 && code <= 90)) isPlain = false;
      index += 1;
    }
    let end = index;
    while (start < end && text.charCodeAt(start) === 39) start += 1;
    while (end > start && text.charCodeAt(end - 1) === 39) end -= 1;
    if (start === end) continue;
    const word = text.slice(start, end);
    visit(isPlain ? word : word.toLowerCase().replaceAll("'", ''), start, end);
  }
}

/** The words of text, lower case, apostrophes dropped. */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  forEachWord(text, (word) => words.push(word));
  return words;
}
