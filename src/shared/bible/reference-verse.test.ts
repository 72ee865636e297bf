import { describe, expect, it } from 'vitest';
import { referenceVerse } from './reference-verse.ts';

describe('referenceVerse', () => {
  it('numbers the verse a reference names in Bible order, however it is typed', () => {
    expect(referenceVerse('Genesis 1:1')).toBe(0);
    expect(referenceVerse('Revelation 22:21')).toBe(31_101);
    expect(referenceVerse('jn 3.16')).toBe(referenceVerse('John 3:16'));
    // A range is its first verse.
    expect(referenceVerse('1 Cor 13:4-7')).toBe(referenceVerse('1 Corinthians 13:4'));
  });

  it('is null for what names no single verse', () => {
    for (const reference of ['Psalm 23', 'Jude', 'John 3:99', 'John 22:1', 'my own words', '']) {
      expect(referenceVerse(reference), reference).toBeNull();
    }
    expect(referenceVerse(null)).toBeNull();
  });
});
