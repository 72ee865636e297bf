import { describe, expect, it } from 'vitest';
import { displayReference, displayReferenceRanges, parseReference } from './references.ts';

describe('parseReference', () => {
  it.each([
    ['John 3:16', { bookIndex: 42, chapter: 3, verse: 16 }],
    ['  john   3 : 16 ', { bookIndex: 42, chapter: 3, verse: 16 }],
    ['1 John 4:8', { bookIndex: 61, chapter: 4, verse: 8 }],
    ['1 Corinthians 13:4-7', { bookIndex: 45, chapter: 13, verse: 4 }],
    ['1 cor 13:4–7', { bookIndex: 45, chapter: 13, verse: 4 }],
    ['Song of Solomon 2', { bookIndex: 21, chapter: 2, verse: null }],
    ['psalm 23.1', { bookIndex: 18, chapter: 23, verse: 1 }],
    ['Ps 23-24', { bookIndex: 18, chapter: 23, verse: null }],
    ['John 3:16-4:2', { bookIndex: 42, chapter: 3, verse: 16 }],
    ['jn3:16', { bookIndex: 42, chapter: 3, verse: 16 }],
    ['Jude', { bookIndex: 64, chapter: null, verse: null }],
    ['2 John', { bookIndex: 62, chapter: null, verse: null }],
  ])('reads %j', (reference, parsed) => {
    expect(parseReference(reference)).toEqual(parsed);
  });

  it.each([
    '',
    '23',
    'hello',
    'Hezekiah 3:1',
    'Jude 2:1',
    'Malachi 5',
    'Genesis 0',
    'John 3:0',
    'John 3 16',
    'jo 3:16',
  ])('names no chapter of a book in %j', (reference) => {
    expect(parseReference(reference)).toBeNull();
  });
});

describe('displayReference', () => {
  it.each([
    ['Psalms 23', 'Psalm 23'],
    ['Psalms 23:1', 'Psalm 23:1'],
    ['Psalms 23:1-6', 'Psalm 23:1-6'],
    ['Psalms 119:105–112', 'Psalm 119:105–112'],
    ['Psalms 40:1, 3', 'Psalm 40:1, 3'],
    ['Psalms 150', 'Psalm 150'],
  ])('writes one psalm as a person does: %j → %j', (stored, shown) => {
    expect(displayReference(stored)).toBe(shown);
  });

  it.each([
    'Psalms',
    'Psalms 23–24',
    'Psalms 23-24',
    'Psalms 23:6-24:1',
    'Psalm 23:1',
    'John 3:16',
    'Proverbs 3:5-6',
    'Song of Solomon 2',
    '1 John 4:8',
    '',
  ])('leaves %j as it is', (reference) => {
    expect(displayReference(reference)).toBe(reference);
  });
});

describe('displayReferenceRanges', () => {
  it('moves the offsets after the s of Psalms back by one, and drops a range of the s alone', () => {
    // 'Psalms 23:1' shows as 'Psalm 23:1': '23' is at 7-9 stored, 6-8 shown.
    expect(
      displayReferenceRanges('Psalms 23:1', [
        [0, 6],
        [7, 9],
        [5, 6],
      ]),
    ).toEqual([
      [0, 5],
      [6, 8],
    ]);
  });

  it('leaves the offsets of any other reference as they are', () => {
    expect(displayReferenceRanges('John 3:16', [[0, 4]])).toEqual([[0, 4]]);
    expect(displayReferenceRanges('Psalms 23-24', [[7, 9]])).toEqual([[7, 9]]);
  });
});
