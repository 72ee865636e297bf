import { describe, expect, it } from 'vitest';
import { findBookByOsis } from './books.ts';

describe('findBookByOsis', () => {
  it('finds a book by its exact OSIS code', () => {
    expect(findBookByOsis('1Cor')?.name).toBe('1 Corinthians');
    expect(findBookByOsis('Ps')?.name).toBe('Psalms');
  });
});
