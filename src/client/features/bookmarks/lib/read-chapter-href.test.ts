import { describe, expect, it } from 'vitest';
import { readChapterHref } from './read-chapter-href.ts';

describe('readChapterHref', () => {
  it('links to the reader with the book URL-encoded and the chapter', () => {
    expect(readChapterHref('Psalms', 23)).toBe('/read-bible?book=Psalms&chapter=23');
    expect(readChapterHref('1 Corinthians', 13)).toBe(
      '/read-bible?book=1%20Corinthians&chapter=13',
    );
    expect(readChapterHref('Song of Solomon', 2)).toBe(
      '/read-bible?book=Song%20of%20Solomon&chapter=2',
    );
  });

  it('round-trips through URLSearchParams', () => {
    const url = new URL(readChapterHref('1 Corinthians', 13), 'http://localhost');
    expect(url.searchParams.get('book')).toBe('1 Corinthians');
    expect(url.searchParams.get('chapter')).toBe('13');
  });
});
