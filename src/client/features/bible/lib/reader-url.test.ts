import { describe, expect, it } from 'vitest';
import { readerPath, readerSearch, verseShareText } from './reader-url.ts';

describe('reader addresses', () => {
  it('writes the book (encoded) and chapter', () => {
    expect(readerSearch({ bookIndex: 42, chapter: 3 })).toBe('?book=John&chapter=3');
    expect(readerPath({ bookIndex: 21, chapter: 2 })).toBe(
      '/read-bible?book=Song%20of%20Solomon&chapter=2',
    );
  });
});

describe('verseShareText', () => {
  it('puts the reference and translation after the verse', () => {
    expect(verseShareText('Jesus wept.', 'John 11:35')).toBe('Jesus wept. — John 11:35 (KJV)');
  });

  it("writes a verse of one psalm as people do: 'Psalm 23:1'", () => {
    expect(verseShareText('I shall not want.', 'Psalms 23:1', 'web')).toBe(
      'I shall not want. — Psalm 23:1 (WEB)',
    );
  });
});
