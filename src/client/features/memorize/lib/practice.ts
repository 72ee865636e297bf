import type { MemoryCard, PracticeMode, ReviewRating } from '#shared/schemas/habits.ts';

/** The practice modes' names, as the list and the review show them. */
export const modeNames: Record<PracticeMode, string> = {
  read: 'Read and repeat',
  'first-letters': 'First letters',
  blanks: 'Fill in the blanks',
  type: 'Type it all',
};

/** How a practice went, once revealed or checked. */
export type PracticeAnswer = {
  /** The grade the check suggests; null where the person grades themselves. */
  suggested: ReviewRating | null;
  /** What a screen reader hears once it is checked, e.g. '3 of 4 blanks right.' */
  message: string;
};

/** What each mode's part gets from the review card. */
export type PracticeProps = {
  card: MemoryCard;
  /** When the card was shown (Date.now()), for a quick answer's Easy. */
  startedAt: number;
  answer: PracticeAnswer | null;
  onAnswer: (answer: PracticeAnswer) => void;
};
