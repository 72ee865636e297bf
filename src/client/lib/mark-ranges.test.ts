import { describe, expect, it } from 'vitest';
import { markRanges } from './mark-ranges.ts';

describe('markRanges', () => {
  it('marks each range and keeps the text around it', () => {
    expect(markRanges('That ye love one another', [[8, 12]])).toEqual([
      { text: 'That ye ', isMatch: false },
      { text: 'love', isMatch: true },
      { text: ' one another', isMatch: false },
    ]);
  });

  it('sorts, merges overlapping or touching ranges and clamps them to the text', () => {
    expect(
      markRanges('abcdefghij', [
        [6, 20],
        [0, 2],
        [1, 3],
        [3, 4],
      ]),
    ).toEqual([
      { text: 'abcd', isMatch: true },
      { text: 'ef', isMatch: false },
      { text: 'ghij', isMatch: true },
    ]);
  });

  it('joins the words of a phrase across the spaces between them', () => {
    expect(
      markRanges('ye love one another; as', [
        [3, 7],
        [8, 11],
        [12, 19],
      ]),
    ).toEqual([
      { text: 'ye ', isMatch: false },
      { text: 'love one another', isMatch: true },
      { text: '; as', isMatch: false },
    ]);
  });

  it('ignores empty or inverted ranges', () => {
    expect(markRanges('grace', [])).toEqual([{ text: 'grace', isMatch: false }]);
    expect(
      markRanges('grace', [
        [3, 3],
        [4, 1],
        [-5, -1],
      ]),
    ).toEqual([{ text: 'grace', isMatch: false }]);
    expect(markRanges('', [[0, 2]])).toEqual([]);
  });
});
