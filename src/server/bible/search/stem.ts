import { stemmer } from 'stemmer';

/**
 * A KJV-aware stemmer: Early Modern English verb forms are first rewritten to a modern form
 * ('loveth' → 'loving', 'saith' → 'say', 'lovedst' → 'loved'), then the Porter stemmer (the
 * `stemmer` package) does the standard part, so that 'loveth', 'loved', 'loving' and 'love'
 * share one stem. Words are expected lower case, without apostrophes (see words.ts).
 */

// Maps, not object literals: a searched word such as 'constructor' must find nothing.

/** Archaic forms the suffix rules below cannot reach; the modern word is then stemmed. */
const archaicForms = new Map<string, string>([
  ['saith', 'say'],
  ['hath', 'have'],
  ['hast', 'have'],
  ['has', 'have'],
  ['doth', 'do'],
  ['dost', 'do'],
  ['does', 'do'],
  ['wast', 'was'],
  ['wert', 'were'],
  ['shalt', 'shall'],
  ['wilt', 'will'],
  ['canst', 'can'],
]);

/**
 * Words Porter would merge with an unrelated word ('one' and 'on', 'us' and 'use', 'at' and
 * 'ate', 'ye' and 'yes', 'even' and 'evening'). Their stems get a '~' that Porter never makes.
 */
const fixedStems = new Map<string, string>([
  ['one', '~one'],
  ['ones', '~one'],
  ['us', '~us'],
  ['at', '~at'],
  ['ye', '~ye'],
  ['evening', '~evening'],
  ['evenings', '~evening'],
]);

/** Words that end in -est, -eth or -dst without being verb endings ('priest', 'teeth', 'midst'). */
const notInflected = new Set([
  'arrest',
  'attest',
  'behest',
  'bequest',
  'conquest',
  'contest',
  'detest',
  'digest',
  'dishonest',
  'earnest',
  'eldest',
  'forest',
  'guest',
  'hareth',
  'harvest',
  'honest',
  'infest',
  'interest',
  'invest',
  'manifest',
  'modest',
  'molest',
  'priest',
  'protest',
  'quest',
  'request',
  'suggest',
  'teeth',
  'tempest',
  'zareth',
  'zereth',
  'midst',
  'amidst',
]);

const hasVowel = /[aeiouy]/;

/**
 * The modern form of a KJV verb form, or undefined when the word is not one. -eth and -est
 * become -ing, because Porter's -ing rule already knows when to restore an 'e' or undouble a
 * consonant: 'loveth' → 'loving' → 'love', 'sinneth' → 'sinning' → 'sin', 'goeth' → 'go'.
 */
export function modernize(word: string): string | undefined {
  const archaic = archaicForms.get(word);
  if (archaic !== undefined) return archaic;
  if (word.length < 5 || notInflected.has(word)) return undefined;
  // 'lovedst', 'didst', 'saidst': the -st of the second person past.
  if (word.endsWith('dst')) return word.slice(0, -2);
  if (!word.endsWith('eth') && !word.endsWith('est')) return undefined;
  // 'seeth', 'fleeth', 'seest': the verb itself ends in -ee.
  if (word.endsWith('eeth') || word.endsWith('eest')) return word.slice(0, -2);
  const base = word.slice(0, -3);
  // 'Seth', 'chest': nothing that could be a verb is left.
  if (base.length < 2 || !hasVowel.test(base)) return undefined;
  if (base.endsWith('i')) {
    // 'dieth', 'lieth' come from 'die', 'lie'; 'carrieth', 'holiest' from 'carry', 'holy'.
    return base.length <= 2 ? `${base}e` : `${base}es`;
  }
  return `${base}ing`;
}

/** The search stem of one lower-case word. */
export function stem(word: string): string {
  const fixed = fixedStems.get(word);
  if (fixed !== undefined) return fixed;
  return stemmer(modernize(word) ?? word);
}
