import { describe, expect, it } from 'vitest';
import { books, findBookByOsis, findBookIndex } from './books.ts';

const name = (query: string) => books[findBookIndex(query)]?.name ?? null;

/** Names every object has, which a plain object used as a lookup table finds (issue 20). */
const prototypeNames = [...Object.getOwnPropertyNames(Object.prototype), 'prototype'];

describe('findBookIndex', () => {
  it('finds every book by its full name in any case and spacing', () => {
    books.forEach((book, index) => {
      expect(findBookIndex(book.name)).toBe(index);
      expect(findBookIndex(book.name.toUpperCase())).toBe(index);
      expect(findBookIndex(book.osis)).toBe(index);
    });
    expect(name('  song  of solomon ')).toBe('Song of Solomon');
  });

  it('accepts common abbreviations and unique beginnings', () => {
    expect(name('jn')).toBe('John');
    expect(name('gen')).toBe('Genesis');
    expect(name('Ps')).toBe('Psalms');
    expect(name('psalm')).toBe('Psalms');
    expect(name('1 cor')).toBe('1 Corinthians');
    expect(name('1cor')).toBe('1 Corinthians');
    expect(name('rev')).toBe('Revelation');
    expect(name('Revelations')).toBe('Revelation');
    expect(name('phil')).toBe('Philippians');
    expect(name('phlm')).toBe('Philemon');
  });

  it('refuses what names no book or more than one', () => {
    expect(findBookIndex('jo')).toBe(-1);
    expect(findBookIndex('hezekiah')).toBe(-1);
    expect(findBookIndex('')).toBe(-1);
    expect(findBookIndex('j')).toBe(-1);
  });

  it.each(prototypeNames)(
    'names no book by the prototype name %s, in any case or spacing',
    (key) => {
      const middle = Math.ceil(key.length / 2);
      for (const spelling of [
        key,
        key.toLowerCase(),
        key.toUpperCase(),
        `  ${key} `,
        `${key.slice(0, middle)} ${key.slice(middle)}`,
        `${key}.`,
      ]) {
        expect(findBookIndex(spelling), spelling).toBe(-1);
        expect(findBookByOsis(spelling), spelling).toBeUndefined();
      }
    },
  );
});
