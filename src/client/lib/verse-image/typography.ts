/** Typewriter quotes made typographic: "king's" → "king’s"; an opening one after a space. */
export function typographicQuotes(text: string): string {
  return text
    .replace(/(^|[\s([{\u2014])'/g, '$1\u2018')
    .replace(/'/g, '\u2019')
    .replace(/(^|[\s([{\u2014])"/g, '$1\u201C')
    .replace(/"/g, '\u201D');
}

/** A verse range takes an en dash on the image: 'Isaiah 43:1-2' → 'Isaiah 43:1–2'. */
export function typographicReference(reference: string): string {
  return reference.trim().replace(/(\d)\s*-\s*(\d)/g, '$1\u2013$2');
}

/**
 * Binds a one-letter word to the word after it with a no-break space, so that no line of a
 * centred verse ends in a lone 'O' or 'I' ("O\u00A0Jacob", "I\u00A0have").
 */
export function bindShortWords(text: string): string {
  return text.replace(/(^|\s)(\p{L}) +(?=\S)/gu, '$1$2\u00A0');
}
