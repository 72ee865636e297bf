import { moodKeywords } from './keywords.ts';
import { fallbackMood, moods, type Mood } from './moods.ts';

export type DetectedMood = { mood: Mood; score: number };

/**
 * Lower case, one straight apostrophe, single spaces: "I CAN’T   sleep" reads as
 * "i can't sleep", so people's keyboards and phones do not change the score.
 */
function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc\u0060\u00b4]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** A letter or a digit; anything else (space, punctuation, apostrophe, text edge) bounds a word. */
const wordCharacter = /[\p{L}\p{N}]/u;

function isWordAt(text: string, index: number): boolean {
  const character = text[index];
  return character !== undefined && wordCharacter.test(character);
}

/** Words that deny what follows: 'not', 'no (longer)', 'never', and every "…n't". */
const negators = new Set([
  ...['not', 'no', 'never', 'cannot', 'nor'],
  // "…n't" typed without its apostrophe
  ...['dont', 'doesnt', 'didnt', 'isnt', 'arent', 'wasnt', 'werent', 'cant', 'couldnt', 'wont'],
]);

function isNegator(word: string): boolean {
  return negators.has(word) || word.endsWith("n't");
}

/**
 * Words that may stand between a negation and the feeling it denies ("not at all anxious",
 * "don't feel that angry", "no need to worry", "no longer afraid"). Any other word ends the
 * negation's reach, so "can't sleep because I'm worried" and "can't stop crying" keep theirs.
 */
const negationBridges = new Set(
  (
    'a all am an any anymore are as at be been being bit even feel feeling feels felt get getting ' +
    "got have i i'm im is it it's longer me more much need overly particularly quite really " +
    'remotely so that the this to too very was were'
  ).split(' '),
);

/** After 'never', these make the strongest yes: "never felt so lonely", "never been more grateful". */
const neverIntensifiers = new Set(['so', 'more', 'this', 'as']);

/** Text is normalized to single spaces, so a clause ends at punctuation or a spaced dash. */
const clauseBreak = /[.,;:!?()"]|\s[-–—]\s/;
const wordPattern = /[\p{L}\p{N}']+/gu;

/**
 * Is the keyword found at `at` denied by a negation before it in the same clause ("I am not
 * anxious", "I don't feel angry", "no longer afraid")? A keyword that starts with the negation
 * itself ("don't feel safe", "no one cares") is not: the words before it decide.
 */
function isNegated(text: string, at: number): boolean {
  let wordStart = at;
  while (isWordAt(text, wordStart - 1)) wordStart -= 1;
  const clause = text.slice(0, wordStart).split(clauseBreak).pop() ?? '';
  const before = clause.match(wordPattern) ?? [];
  const firstWord = text.slice(wordStart).match(wordPattern)?.[0] ?? '';
  let hasIntensifier = neverIntensifiers.has(firstWord);
  for (let index = before.length - 1; index >= 0; index -= 1) {
    const word = before[index] ?? '';
    if (isNegator(word)) return !(word === 'never' && hasIntensifier);
    if (!negationBridges.has(word)) return false;
    if (neverIntensifiers.has(word)) hasIntensifier = true;
  }
  return false;
}

/**
 * product §9: +2 when the keyword is contained at all, plus +3 per whole-word occurrence. A
 * negated occurrence counts as absent ("not anxious" is no sign of anxiety).
 */
function keywordScore(text: string, keyword: string): number {
  let score = 0;
  for (let at = text.indexOf(keyword); at >= 0; at = text.indexOf(keyword, at + 1)) {
    if (isNegated(text, at)) continue;
    if (score === 0) score = 2;
    const isWhole = !isWordAt(text, at - 1) && !isWordAt(text, at + keyword.length);
    if (isWhole) score += 3;
  }
  return score;
}

/**
 * What a denied feeling points to, where its opposite is clear: "not happy" is low, "not calm" is
 * anxious, "don't feel loved" is lonely, "not sure" is unsure. A denial with no clear opposite
 * ("not sad", "not angry") names no feeling and scores nothing. Whole words only, so "not
 * unhappy" is not read as "not happy".
 */
const negatedOpposites: Record<string, Mood> = {
  ...Object.fromEntries(['happy', 'glad', 'joyful', 'cheerful'].map((word) => [word, 'sad'])),
  ...Object.fromEntries(['okay', 'ok', 'alright', 'fine', 'well'].map((word) => [word, 'sad'])),
  ...Object.fromEntries(
    ['calm', 'peaceful', 'relaxed', 'settled', 'at peace'].map((word) => [word, 'anxious']),
  ),
  ...Object.fromEntries(
    ['anxious', 'worried', 'nervous', 'stressed', 'afraid', 'scared'].map((word) => [
      word,
      'peaceful',
    ]),
  ),
  ...Object.fromEntries(
    ['loved', 'wanted', 'cared for', 'understood'].map((word) => [word, 'lonely']),
  ),
  ...Object.fromEntries(['safe', 'protected'].map((word) => [word, 'fearful'])),
  ...Object.fromEntries(['sure', 'certain'].map((word) => [word, 'confused'])),
};

/** +3 for every denied whole-word occurrence of a feeling with a clear opposite, for that opposite. */
function negatedScore(text: string, word: string): number {
  let score = 0;
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    const isWhole = !isWordAt(text, at - 1) && !isWordAt(text, at + word.length);
    if (isWhole && isNegated(text, at)) score += 3;
  }
  return score;
}

/** Keywords normalized once, in the same way as the text. */
const normalizedKeywords = moods.map(
  (mood) => [mood, moodKeywords[mood].map(normalize).filter(Boolean)] as const,
);

/**
 * The mood of a piece of text (product §9): each keyword scores +2 when the text contains it
 * (case-insensitive substring) plus +3 for every whole-word occurrence; the mood with the
 * highest total wins. A tie goes to the mood listed earlier in `moods` (strictly greater
 * replaces the best so far). Text that matches nothing is 'anxious' with score 0. A keyword
 * under a negation ("not", "no longer", "never", "n't") does not score; a denied feeling with a
 * clear opposite scores that opposite instead (negatedOpposites). Score 0 means the text named
 * no feeling: the screen then shows a neutral heading, never the fallback's name.
 */
export function detectMood(text: string): DetectedMood {
  const normalized = normalize(text);
  let best: DetectedMood = { mood: fallbackMood, score: 0 };
  if (normalized === '') return best;
  const opposites = new Map<Mood, number>();
  for (const [word, mood] of Object.entries(negatedOpposites)) {
    const score = negatedScore(normalized, word);
    if (score > 0) opposites.set(mood, (opposites.get(mood) ?? 0) + score);
  }
  for (const [mood, keywords] of normalizedKeywords) {
    let score = opposites.get(mood) ?? 0;
    for (const keyword of keywords) score += keywordScore(normalized, keyword);
    if (score > best.score) best = { mood, score };
  }
  return best;
}
