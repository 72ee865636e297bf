import { describe, expect, it } from 'vitest';
import { parseReference } from './parse-reference.ts';

describe('parseReference', () => {
  it('reads book, chapter and verse', () => {
    expect(parseReference('John 13:34')).toEqual({
      position: { bookIndex: 42, chapter: 13 },
      verse: 34,
    });
    expect(parseReference('1 John 4:8')).toEqual({
      position: { bookIndex: 61, chapter: 4 },
      verse: 8,
    });
    expect(parseReference('Song of Solomon 2:1')).toEqual({
      position: { bookIndex: 21, chapter: 2 },
      verse: 1,
    });
  });

  it('reads a chapter without a verse, a range, and a bare book', () => {
    expect(parseReference('Psalms 23')).toEqual({
      position: { bookIndex: 18, chapter: 23 },
      verse: null,
    });
    expect(parseReference('psalm 23:1-3')).toEqual({
      position: { bookIndex: 18, chapter: 23 },
      verse: 1,
    });
    expect(parseReference('2 John')).toEqual({
      position: { bookIndex: 62, chapter: 1 },
      verse: null,
    });
  });

  it('refuses a chapter beyond the book, chapter 0 or an unknown book (product §5)', () => {
    expect(parseReference('Jude 2:1')).toBeNull();
    expect(parseReference('Malachi 5')).toBeNull();
    expect(parseReference('Genesis 0')).toBeNull();
    expect(parseReference('Hezekiah 3:1')).toBeNull();
    expect(parseReference('23')).toBeNull();
    expect(parseReference('')).toBeNull();
  });
});
