import { describe, expect, it } from 'vitest';
import { journalHref } from './journal-href.ts';

describe('journalHref', () => {
  it('links to the journal with the reference URL-encoded', () => {
    expect(journalHref('John 3:16')).toBe('/journal?verse=John%203%3A16');
    expect(journalHref('1 Corinthians 13:4-7')).toBe('/journal?verse=1%20Corinthians%2013%3A4-7');
  });

  it('round-trips through URLSearchParams, even with & and #', () => {
    const reference = 'Song of Solomon 2:1 & #2';
    const url = new URL(journalHref(reference), 'http://localhost');
    expect(url.pathname).toBe('/journal');
    expect(url.searchParams.get('verse')).toBe(reference);
  });
});
