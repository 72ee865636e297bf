// How a Strong's word is named in a line of text: the search's suggestions need it on the
// reader's first load, the word card (strongs-word-card.tsx) only with the results panel.
import type { SearchStrongsWord } from '#shared/schemas/bible.ts';

/** 'Hebrew' for an H number (the Aramaic words too, as Strong's numbers them), else 'Greek'. */
export function strongsLanguage(number: string): 'Hebrew' | 'Greek' {
  return number.startsWith('H') ? 'Hebrew' : 'Greek';
}

/** 'Did you mean the Hebrew word hên (H2004)?' */
export function strongsOfferText(word: SearchStrongsWord): string {
  return `Did you mean the ${strongsLanguage(word.number)} word ${word.transliteration} (${word.number})?`;
}
