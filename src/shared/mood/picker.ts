import { moodKeywords } from './keywords.ts';
import type { Mood } from './moods.ts';

type Referenced = { reference: string };

export type VersePicker<Base extends Referenced = Referenced> = {
  /** A verse for this text and mood (product §4), or undefined when there are no candidates. */
  pick<C extends Base>(text: string, mood: Mood, candidates: readonly C[]): C | undefined;
  /** Forgets every verse shown so far. */
  reset(): void;
};

/**
 * product §4 verse picking, with its history in memory only: a verse already shown for the same
 * exact text is avoided; if all were shown, those already shown for the mood are avoided; if
 * all were shown again, both histories (this text's and this mood's) are cleared and the pick
 * is from all. The pick is random among the rest: index = Math.floor(random() * rest.length).
 */
export function createVersePicker<Base extends Referenced = Referenced>(
  random: () => number = Math.random,
): VersePicker<Base> {
  const shownForText = new Map<string, Set<string>>();
  const shownForMood = new Map<Mood, Set<string>>();

  function remember<K>(history: Map<K, Set<string>>, key: K, reference: string): void {
    const seen = history.get(key) ?? new Set<string>();
    seen.add(reference);
    history.set(key, seen);
  }

  return {
    pick<C extends Base>(text: string, mood: Mood, candidates: readonly C[]): C | undefined {
      if (candidates.length === 0) return undefined;
      const textSeen = shownForText.get(text);
      const moodSeen = shownForMood.get(mood);
      // product §4: avoid verses already shown for this exact text first…
      let rest: readonly C[] = candidates.filter((verse) => !textSeen?.has(verse.reference));
      // …then, when every one was, those already shown for this mood…
      if (rest.length === 0) rest = candidates.filter((verse) => !moodSeen?.has(verse.reference));
      // …and when every one was shown again, start both histories afresh.
      if (rest.length === 0) {
        shownForText.delete(text);
        shownForMood.delete(mood);
        rest = candidates;
      }
      // Math.random() is below 1; the clamp only guards a random source that returns 1.
      const index = Math.min(Math.floor(random() * rest.length), rest.length - 1);
      const chosen = rest[index];
      if (chosen) {
        remember(shownForText, text, chosen.reference);
        remember(shownForMood, mood, chosen.reference);
      }
      return chosen;
    },
    reset() {
      shownForText.clear();
      shownForMood.clear();
    },
  };
}

const wordCharacter = /[\p{L}\p{N}]/u;

/** 'peace' matches the keyword 'peace' and, as a whole word, 'at peace'; not 'peaceful'. */
function themeMatchesKeyword(theme: string, keyword: string): boolean {
  let at = keyword.indexOf(theme);
  while (at >= 0) {
    const before = keyword[at - 1];
    const after = keyword[at + theme.length];
    const isBounded =
      (before === undefined || !wordCharacter.test(before)) &&
      (after === undefined || !wordCharacter.test(after));
    if (isBounded) return true;
    at = keyword.indexOf(theme, at + 1);
  }
  return false;
}

/**
 * product §4 candidates: the catalogue verses of this mood, or whose themes match one of the
 * mood's keywords (a theme matches a keyword that is, or holds as a whole word, that theme).
 */
export function candidatesFor<C extends { mood: string; themes: readonly string[] }>(
  mood: Mood,
  catalogue: readonly C[],
): C[] {
  const keywords = moodKeywords[mood];
  return catalogue.filter(
    (verse) =>
      verse.mood === mood ||
      verse.themes.some((theme) => {
        const wanted = theme.trim().toLowerCase();
        return wanted !== '' && keywords.some((keyword) => themeMatchesKeyword(wanted, keyword));
      }),
  );
}
