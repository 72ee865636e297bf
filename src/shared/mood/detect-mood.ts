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

/** spec §9: +2 when the keyword is contained at all, plus +3 per whole-word occurrence. */
function keywordScore(text: string, keyword: string): number {
  let at = text.indexOf(keyword);
  if (at < 0) return 0;
  let score = 2;
  while (at >= 0) {
    const isWhole = !isWordAt(text, at - 1) && !isWordAt(text, at + keyword.length);
    if (isWhole) score += 3;
    at = text.indexOf(keyword, at + 1);
  }
  return score;
}

/** Keywords normalized once, in the same way as the text. */
const normalizedKeywords = moods.map(
  (mood) => [mood, moodKeywords[mood].map(normalize).filter(Boolean)] as const,
);

/**
 * The mood of a piece of text (spec §9): each keyword scores +2 when the text contains it
 * (case-insensitive substring) plus +3 for every whole-word occurrence; the mood with the
 * highest total wins. A tie goes to the mood listed earlier in `moods` (strictly greater
 * replaces the best so far). Text that matches nothing is 'anxious' with score 0.
 */
export function detectMood(text: string): DetectedMood {
  const normalized = normalize(text);
  let best: DetectedMood = { mood: fallbackMood, score: 0 };
  if (normalized === '') return best;
  for (const [mood, keywords] of normalizedKeywords) {
    let score = 0;
    for (const keyword of keywords) score += keywordScore(normalized, keyword);
    if (score > best.score) best = { mood, score };
  }
  return best;
}
