import { describe, expect, it } from 'vitest';
import { parseReference } from './references.ts';

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
