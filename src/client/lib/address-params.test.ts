import { describe, expect, it } from 'vitest';
import { searchWith } from './address-params.ts';

describe('searchWith', () => {
  it('sets, replaces and removes parameters, keeping the others in place', () => {
    expect(searchWith('?book=John&chapter=3', { translation: 'web' })).toBe(
      '?book=John&chapter=3&translation=web',
    );
    expect(searchWith('?book=John&translation=web', { translation: null })).toBe('?book=John');
    expect(searchWith('?q=old', { q: '' })).toBe('');
  });

  it('writes spaces as %20, as a person would type the address', () => {
    expect(searchWith('', { book: 'Song of Solomon' })).toBe('?book=Song%20of%20Solomon');
  });
});
