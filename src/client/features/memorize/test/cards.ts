import type { MemoryCard } from '#shared/schemas/habits.ts';

/** A memory card as the API answers it, due now unless told otherwise. */
export function memoryCard(overrides: Partial<MemoryCard> & Pick<MemoryCard, 'id'>): MemoryCard {
  return {
    reference: 'Hebrews 13:8',
    translation: 'kjv',
    text: 'Jesus Christ the same yesterday, and to day, and for ever.',
    due: '2026-06-01T08:00:00.000Z',
    state: 'new',
    reps: 0,
    lapses: 0,
    stability: 0,
    difficulty: 0,
    last_review: null,
    mode: 'read',
    created_at: '2026-05-01T08:00:00.000Z',
    ...overrides,
  };
}
