import { createEmptyCard, fsrs, Rating, State, type Card, type Grade } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { practiceModes, type PracticeMode } from '#shared/rules/habits.ts';
import type { MemoryCard } from '#shared/schemas/habits.ts';
import { practiceModeFor, practiceModeFrom } from './practice-mode.ts';

const stateNames: Record<State, MemoryCard['state']> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};

/** The modes of a new card's reviews, one after each grade, each review on the due date. */
function modesAfter(grades: Grade[]): PracticeMode[] {
  const scheduler = fsrs({ enable_fuzz: false });
  let now = new Date('2026-06-01T09:30:00.000Z');
  let card: Card = createEmptyCard(now);
  const modes: PracticeMode[] = [];
  for (const grade of grades) {
    card = scheduler.next(card, now, grade).card;
    modes.push(practiceModeFor({ state: stateNames[card.state], stability: card.stability }));
    now = card.due;
  }
  return modes;
}

const goods = (count: number): Grade[] => Array.from({ length: count }, () => Rating.Good);

describe('practiceModeFor', () => {
  it('has a new verse and one being relearned read whole', () => {
    expect(practiceModeFor({ state: 'new', stability: 0 })).toBe('read');
    expect(practiceModeFor({ state: 'relearning', stability: 50 })).toBe('read');
  });

  it.each([
    [0.2, 'read'],
    [0.99, 'read'],
    [1, 'first-letters'],
    [6.9, 'first-letters'],
    [7, 'blanks'],
    [20.9, 'blanks'],
    [21, 'type'],
    [400, 'type'],
  ] as const)('gives a learned card of stability %d days the mode %j', (stability, mode) => {
    expect(practiceModeFor({ state: 'review', stability })).toBe(mode);
    expect(practiceModeFor({ state: 'learning', stability })).toBe(mode);
  });

  it('reads a card whose stability is not a number, rather than testing it', () => {
    expect(practiceModeFor({ state: 'review', stability: Number.NaN })).toBe('read');
  });

  it('never goes down as stability grows, and its thresholds follow practiceModes', () => {
    const modes = [0, 0.5, 1, 3, 7, 14, 21, 100].map((stability) =>
      practiceModes.indexOf(practiceModeFor({ state: 'review', stability })),
    );
    expect(modes).toEqual([...modes].sort((a, b) => a - b));
    const thresholds = practiceModes.flatMap((mode) =>
      mode === 'read' ? [] : [practiceModeFrom[mode]],
    );
    expect(thresholds).toEqual([...thresholds].sort((a, b) => a - b));
  });

  it('rises through every mode as a verse is answered Good on time (ts-fsrs defaults)', () => {
    expect(modesAfter([Rating.Good, Rating.Good, Rating.Good, Rating.Good])).toEqual([
      'first-letters', // learning, 2.3 days
      'first-letters', // review in 2 days
      'blanks', // 11 days
      'type', // 46 days
    ]);
  });

  it('goes back to reading after a lapse, then climbs again', () => {
    expect(modesAfter([...goods(3), Rating.Again, ...goods(4)])).toEqual([
      ...['first-letters', 'first-letters', 'blanks'],
      'read',
      ...['first-letters', 'first-letters', 'blanks', 'type'],
    ]);
  });

  it('keeps reading after Again on a new verse, and skips ahead after Easy', () => {
    expect(modesAfter([Rating.Again])).toEqual(['read']);
    expect(modesAfter([Rating.Easy, Rating.Easy])).toEqual(['blanks', 'type']);
  });
});
