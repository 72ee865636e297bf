// Which practice mode a verse's next review uses (decision 016). Pure, and free of zod: the
// server puts it on every card, a screen may work it out again after a review.
import type { PracticeMode } from '#shared/rules/habits.ts';
import type { MemoryCard } from '#shared/schemas/habits.ts';

/**
 * The FSRS stability (in days: how long until the chance of recalling the verse falls to 90%)
 * from which each mode takes over. Stability is FSRS's own measure of how well a verse is
 * known: it grows with every successful review, faster after Easy than after Hard, and falls
 * back after a lapse, so the modes rise and fall with it and never with a count of taps.
 * - under 1 day (a new verse, or one just missed): read it and say it;
 * - 1 day: first letters only (held overnight; the letters are the cue);
 * - 7 days: blanks (held for a week; only some words are hidden);
 * - 21 days: type it all (held for three weeks, without cues).
 * With ts-fsrs's default parameters a new verse answered Good each time is read, then shown as
 * first letters (2.3 days), blanks (11 days), and typed (46 days); Easy the first time skips
 * to blanks (8.3 days).
 */
export const practiceModeFrom = {
  'first-letters': 1,
  blanks: 7,
  type: 21,
} as const satisfies Record<Exclude<PracticeMode, 'read'>, number>;

export type PracticeCard = Pick<MemoryCard, 'state' | 'stability'>;

/**
 * The mode of a card's next review: 'read' for a new verse and for one being relearned after
 * a lapse (it was forgotten: see it whole again), otherwise by its stability.
 */
export function practiceModeFor(card: PracticeCard): PracticeMode {
  if (card.state === 'new' || card.state === 'relearning') return 'read';
  const { stability } = card;
  if (!(stability >= practiceModeFrom['first-letters'])) return 'read';
  if (stability < practiceModeFrom.blanks) return 'first-letters';
  if (stability < practiceModeFrom.type) return 'blanks';
  return 'type';
}
