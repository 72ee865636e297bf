// Search by the original words (decision 023, docs/product.md): a Strong's number ('H2617',
// 'g0026') or a transliteration of one ('chesed', 'agape') finds the verses where the KJV's
// tagging has that number, a precomputed list, so the work is one slice of it a page.
import type { Bible } from '#server/bible/bible.ts';
import { foldQuery } from '#server/fold-query.ts';
import { dictionaryEntry, usesOf } from '#server/study/strongs-dictionary.ts';
import { christBit, strongsCode, strongsNumber } from '#server/study/strongs-file.ts';
import { strongsRows } from '#server/study/strongs.ts';
import { verseAt } from '#shared/bible/verse-index.ts';
import { wordsOf } from '#shared/bible/verse-words.ts';
import type { SearchStrongsWord } from '#shared/schemas/bible.ts';
import { verseContent, type SearchIndex } from './inverted-index.ts';
import { wordPostings } from './match.ts';

/**
 * A transliteration as people type it and as Strong's writes it, folded to one spelling:
 * lower case without accents, apostrophes or hyphens; ch and kh → h (Strong's writes chêsêd,
 * readers hesed or khesed), c → s (Strong's writes samekh as c: checed), ph → f, q → k, tz → ts,
 * w → v, the vowel letters Strong's adds after a vowel (ôw, ûw, îy) dropped, y → i, doubled
 * letters single, and a trailing h dropped (ruach, rua). '' when nothing is left.
 */
export function foldTransliteration(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      // The dictionaries write the Hebrew sin (ś) with a Greek omega.
      .replace(/ω/g, 's')
      .replace(/[^a-z]/g, '')
      .replace(/[kc]h/g, 'h')
      .replace(/ph/g, 'f')
      .replace(/c/g, 's')
      .replace(/q/g, 'k')
      .replace(/tz/g, 'ts')
      .replace(/ow/g, 'o')
      .replace(/uw/g, 'u')
      .replace(/iy/g, 'i')
      .replace(/w/g, 'v')
      .replace(/y/g, 'i')
      .replace(/(.)\1+/g, '$1')
      .replace(/(.)h$/, '$1')
  );
}

/** A query that is a Strong's number: 'H2617', 'g26', 'h02617'. */
const numberShape = /^([hg])\s?(\d{1,12})$/i;

/** 'H2617' for 'h02617'; null when the query is not shaped like a Strong's number. */
export function strongsNumberOf(query: string): string | null {
  const match = numberShape.exec(query.trim());
  if (!match) return null;
  const [, letter = '', digits = ''] = match;
  return `${letter.toUpperCase()}${digits.replace(/^0+(?=\d)/, '')}`;
}

/** A query of one word, letters only (accents, apostrophes and hyphens allowed). */
const oneWord = /^[\p{L}\p{M}'’ʼʻ-]{2,40}$/u;

/** Lower case, without accents or anything but letters: 'chêsêd' → 'chesed'. */
function plainLetters(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ω/g, 's')
    .replace(/[^a-z]/g, '');
}

/** How a transliteration matched a key: spelled alike (2) or not, the whole of it (1) or a part. */
type Keyed = { code: number; match: number };

type TransliterationIndex = {
  /** Folded transliteration → the codes that have it, best match first (matchOrder). */
  codes: Map<string, Keyed[]>;
  /** Tagged words of the KJV a code (0 for a number never used). */
  wordCounts: Uint32Array;
  buildMs: number;
};

let transliterations: TransliterationIndex | null = null;

/**
 * The folded transliterations of every number the KJV uses, built on the first search that could
 * be one (about 14,000 entries, a map of short strings) and kept for the process.
 */
export function transliterationIndex(): TransliterationIndex {
  if (transliterations) return transliterations;
  const startedAt = performance.now();
  const wordCounts = new Uint32Array(1 << 15);
  for (const code of strongsRows().codes) {
    const bare = code & ~christBit;
    wordCounts[bare] = (wordCounts[bare] ?? 0) + 1;
  }
  const codes = new Map<string, Keyed[]>();
  for (let code = 1; code < wordCounts.length; code += 1) {
    if (wordCounts[code] === 0) continue;
    const entry = dictionaryEntry(strongsNumber(code) ?? '');
    if (!entry) continue;
    // 'shâlôm shâlôm', "bêyth-'êl": the whole, then each word of it.
    const whole = withoutRepeats(entry.transliteration);
    const keys = new Map<string, Keyed>();
    for (const [index, part] of [whole, ...whole.split(/[\s-]+/)].entries()) {
      const key = foldTransliteration(part);
      if (key.length < 2 || keys.has(key)) continue;
      keys.set(key, { code, match: index === 0 ? 1 : 0 });
    }
    for (const [key, keyed] of keys) {
      const list = codes.get(key);
      if (list) list.push(keyed);
      else codes.set(key, [keyed]);
    }
  }
  transliterations = { codes, wordCounts, buildMs: performance.now() - startedAt };
  return transliterations;
}

/**
 * The codes a one-word query may be the transliteration of: spelled as typed ('abba' is Abbâ
 * before 'âbâh), then the whole transliteration before a part of it ('chesed' is chêsêd before
 * yûshab chesed), then the most used.
 */
export function transliterationMatches(query: string): number[] {
  const text = query.trim();
  if (!oneWord.test(text)) return [];
  const key = foldTransliteration(text);
  if (key.length < 2) return [];
  const { codes, wordCounts } = transliterationIndex();
  const typed = plainLetters(text);
  const ranked = (codes.get(key) ?? []).map(({ code, match }) => {
    const whole = withoutRepeats(dictionaryEntry(strongsNumber(code) ?? '')?.transliteration ?? '');
    const isSpelledAlike = [whole, ...whole.split(/[\s-]+/)].some(
      (part) => plainLetters(part) === typed,
    );
    return { code, rank: (isSpelledAlike ? 2 : 0) + match, count: wordCounts[code] ?? 0 };
  });
  ranked.sort((a, b) => b.rank - a.rank || b.count - a.count || a.code - b.code);
  return ranked.map(({ code }) => code);
}

/** 'shâlôm shâlôm' → 'shâlôm'; '{shaw-lome'} shaw-lome'' → "shaw-lome'". */
function withoutRepeats(text: string): string {
  const words = text.replace(/[{}]/g, '').split(/\s+/).filter(Boolean);
  return [...new Set(words)].join(' ');
}

const definitionLength = 160;

/**
 * The sense of a dictionary definition, short: without its braces, the word it comes from
 * ('From H2616;') and the KJV's renderings after ': -' or ':--', its first sentence, at most
 * about 160 characters, cut between words.
 */
export function shortDefinition(definition: string): string {
  // The Hebrew dictionary's source writes some commas as '6' ('bundle6 knot').
  let text = definition
    .replace(/[{}]/g, '')
    .replace(/([a-z])6(?=\s)/g, '$1,')
    .replace(/\s+/g, ' ')
    .trim();
  text = text.split(/\s*:\s*--?\s*|\s+-\s+/)[0] ?? '';
  text = text.replace(/^from (?:a form of )?[HG]\d+(?: and [HG]\d+)?\s*[;,]\s*/i, '');
  const sentenceEnd = /\.(?=\s+[A-Z])/.exec(text);
  if (sentenceEnd) text = text.slice(0, sentenceEnd.index + 1);
  if (text.length > definitionLength) {
    const cut = text.lastIndexOf(' ', definitionLength - 1);
    text = `${text.slice(0, cut > 0 ? cut : definitionLength - 1).replace(/[\s;,:]+$/, '')}…`;
  }
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The header search shows for a number; undefined for a number no dictionary has. */
export function strongsWord(kjv: Bible, number: string): SearchStrongsWord | undefined {
  const code = strongsCode(number);
  const entry = code === 0 ? undefined : dictionaryEntry(number);
  if (!entry) return undefined;
  return {
    number,
    lemma: withoutRepeats(entry.lemma),
    transliteration: withoutRepeats(entry.transliteration),
    pronunciation: withoutRepeats(entry.pronunciation),
    definition: shortDefinition(entry.definition),
    total: usesOf(kjv, code).verses.length,
  };
}

/** The code's word as search shows it. */
export function strongsWordOfCode(kjv: Bible, code: number): SearchStrongsWord | undefined {
  const number = strongsNumber(code);
  return number ? strongsWord(kjv, number) : undefined;
}

/**
 * The page of verses where a number stands, as ids of `index` (whose translation shares the KJV's
 * versification; a verse it lacks is left out), and the total.
 */
export function strongsVerses(
  kjv: Bible,
  index: SearchIndex,
  number: string,
  offset: number,
  limit: number,
): { total: number; page: number[] } {
  const code = strongsCode(number);
  if (code === 0) return { total: 0, page: [] };
  const { verses } = usesOf(kjv, code);
  const page: number[] = [];
  for (const verse of verses.subarray(offset, offset + limit)) {
    const position = verseAt(verse);
    if (!position) continue;
    const first = index.chapterFirstVerse[position.bookIndex]?.[position.chapter - 1];
    const length = index.bible.chapters[position.bookIndex]?.[position.chapter - 1]?.length ?? 0;
    if (first === undefined || position.verse > length) continue;
    page.push(first + position.verse - 1);
  }
  return { total: verses.length, page };
}

/**
 * [start, end) of each word of a KJV verse's text (as the reader shows it, parseVerseText's
 * plain) that the tagging gives this number.
 */
export function strongsHighlights(
  verse: number,
  content: string,
  number: string,
): [number, number][] {
  const code = strongsCode(number);
  const { offsets, codes } = strongsRows();
  const start = offsets[verse] ?? 0;
  const highlights: [number, number][] = [];
  wordsOf(content).forEach((word, at) => {
    if (((codes[start + at] ?? 0) & ~christBit) === code) highlights.push([word.start, word.end]);
  });
  return highlights;
}

/** A verse scanned for the word at most: enough for any word the text uses as a word. */
const versesScanned = 2000;

/**
 * Whether the text uses the query's word as a word of its own: lower case at least once, not
 * joined by a hyphen into a name ('hen' in 'as a hen gathereth'; not 'Chesed', 'Ben-hesed').
 */
export function isWordOfTheText(index: SearchIndex, query: string): boolean {
  const word = foldQuery(query.trim()).toLowerCase();
  if (!/^[a-z]+$/.test(word)) return false;
  const wordId = index.wordIds.get(word);
  if (wordId === undefined) return false;
  const standing = new RegExp(`(?<![A-Za-z'-])${word}(?![A-Za-z'-])`);
  const verses = wordPostings(index, wordId);
  for (let at = 0; at < Math.min(verses.length, versesScanned); at += 1) {
    if (standing.test(verseContent(index, verses[at] ?? 0))) return true;
  }
  return false;
}
