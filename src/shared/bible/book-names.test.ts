import { describe, expect, it } from 'vitest';
import { findBookIndex } from './book-names.ts';
import { books, findBookByOsis } from './books.ts';

const name = (query: string) => books[findBookIndex(query)]?.name ?? null;

/** Names every object has, which a plain object used as a lookup table finds. */
const prototypeNames = [...Object.getOwnPropertyNames(Object.prototype), 'prototype'];

/*
 * Four book-name readers were merged into this one: the shared findBookIndex (unique
 * beginnings), the reader search's (exact, then prefix, then substring), the passage parser's
 * aliases (server passage lookup) and the chapter route's (exact or parser alias). The rows
 * below are what any of them read, with the answer they gave; where two gave different books,
 * or one read a beginning several books share, the comment says what was kept.
 */
const accepted: [string, string][] = [
  // Full names and OSIS codes in any case, spacing and dots (all four).
  ['  song  of solomon ', 'Song of Solomon'],
  ['songofsolomon', 'Song of Solomon'],
  ['  jOHN ', 'John'],
  ['1 john', '1 John'],
  ['1John', '1 John'],
  ['1Corinthians', '1 Corinthians'],
  ['Gen.', 'Genesis'],
  ['genesis.', 'Genesis'],
  ['Ps.', 'Psalms'],
  ['PSALMS', 'Psalms'],
  ['1 Cor.', '1 Corinthians'],
  ['1. Cor', '1 Corinthians'],
  ['Jn.', 'John'],
  ['JN', 'John'],
  ['Phlm.', 'Philemon'],
  // Beginnings that fit one book (shared reader, search's reader).
  ['gen', 'Genesis'],
  ['gene', 'Genesis'],
  ['deuteron', 'Deuteronomy'],
  ['de', 'Deuteronomy'],
  ['he', 'Hebrews'],
  ['psalm', 'Psalms'],
  ['rev', 'Revelation'],
  ['revelatio', 'Revelation'],
  ['1 cor', '1 Corinthians'],
  ['1cori', '1 Corinthians'],
  ['1 thessa', '1 Thessalonians'],
  ['1 j', '1 John'],
  ['song of', 'Song of Solomon'],
  ['so', 'Song of Solomon'],
  ['jos', 'Joshua'],
  ['joh', 'John'],
  ['jon', 'Jonah'],
  ['ti', 'Titus'],
  ['philem', 'Philemon'],
  // The search's reader found 'solomon' inside 'Song of Solomon'; kept as a short form.
  ['solomon', 'Song of Solomon'],
  // Short forms (the passage parser's, and the shared reader's own list).
  ['jn', 'John'],
  ['jhn', 'John'],
  ['mt', 'Matthew'],
  ['mk', 'Mark'],
  ['mr', 'Mark'],
  ['lk', 'Luke'],
  ['gn', 'Genesis'],
  ['lv', 'Leviticus'],
  ['nm', 'Numbers'],
  ['dt', 'Deuteronomy'],
  ['Dt.', 'Deuteronomy'],
  ['jsh', 'Joshua'],
  ['jg', 'Judges'],
  ['jdg', 'Judges'],
  ['judg', 'Judges'],
  ['rt', 'Ruth'],
  ['1 Sm', '1 Samuel'],
  ['2sm', '2 Samuel'],
  ['1 Kgs', '1 Kings'],
  ['2kg', '2 Kings'],
  ['1Chron', '1 Chronicles'],
  ['jb', 'Job'],
  ['Pss', 'Psalms'],
  ['pslm', 'Psalms'],
  ['psm', 'Psalms'],
  ['prv', 'Proverbs'],
  ['Qoh', 'Ecclesiastes'],
  ['qoheleth', 'Ecclesiastes'],
  ['Song of Songs', 'Song of Solomon'],
  ['the song of songs', 'Song of Solomon'],
  ['songs', 'Song of Solomon'],
  ['canticles', 'Song of Solomon'],
  ['sos', 'Song of Solomon'],
  ['sg', 'Song of Solomon'],
  // The passage parser read 'SS' as Song of Solomon, the search's reader as Colossians
  // ('colo-ss-ians'); the short form is kept.
  ['SS', 'Song of Solomon'],
  ['jr', 'Jeremiah'],
  ['ezk', 'Ezekiel'],
  ['dn', 'Daniel'],
  ['jl', 'Joel'],
  ['jnh', 'Jonah'],
  ['zp', 'Zephaniah'],
  ['hg', 'Haggai'],
  ['zc', 'Zechariah'],
  ['rm', 'Romans'],
  ['php', 'Philippians'],
  ['phil', 'Philippians'],
  ['Phil.', 'Philippians'],
  ['phm', 'Philemon'],
  ['hb', 'Hebrews'],
  ['jm', 'James'],
  ['1pt', '1 Peter'],
  ['2 Pt', '2 Peter'],
  ['1jn', '1 John'],
  ['2 jn', '2 John'],
  ['3Jhn', '3 John'],
  ['jd', 'Jude'],
  ['rv', 'Revelation'],
  ['Revelations', 'Revelation'],
  ['Acts of the Apostles', 'Acts'],
  // Ordinals and titles (the passage parser's).
  ['iii john', '3 John'],
  ['I Cor', '1 Corinthians'],
  ['II Kings', '2 Kings'],
  ['1st Corinthians', '1 Corinthians'],
  ['1st. Cor.', '1 Corinthians'],
  ['2nd Cor', '2 Corinthians'],
  ['3rd John', '3 John'],
  ['First Corinthians', '1 Corinthians'],
  ['firstcorinthians', '1 Corinthians'],
  ['Second Kings', '2 Kings'],
  ['Third John', '3 John'],
  ['St. John', 'John'],
  ['Saint Mark', 'Mark'],
  ['gospel of john', 'John'],
  ['The Gospel according to St Luke', 'Luke'],
];

const refused = [
  '',
  '   ',
  '1',
  '23',
  'j',
  'e',
  // Beginnings several books share. The search's reader took the first book in order
  // ('jo' Joshua, 'ma' Malachi), the passage parser a customary one ('jo' John, 'ma' Matthew),
  // the shared reader none; none is kept: a name that fits several books names none.
  'jo',
  'ju',
  'jud',
  'ez',
  'ma',
  'ha',
  'ze',
  'ph',
  'phi',
  'samuel',
  'kings',
  'chronicles',
  'corinthians',
  'thessalonians',
  'timothy',
  'peter',
  '1 c',
  '2 t',
  // A piece from inside a name (the search's reader matched any substring).
  'of',
  'th',
  'the',
  'pp',
  'ark',
  // Not a book of this Bible, or more than a book.
  'Hezekiah',
  'abc',
  'Tobit',
  'Sirach',
  '1 Macc',
  'John 3',
  'see John',
  'Genesis Exodus',
  'x'.repeat(80),
];

describe('findBookIndex', () => {
  it('finds every book by its full name in any case and spacing', () => {
    books.forEach((book, index) => {
      expect(findBookIndex(book.name)).toBe(index);
      expect(findBookIndex(book.name.toUpperCase())).toBe(index);
      expect(findBookIndex(book.name.replace(/ /g, ''))).toBe(index);
      expect(findBookIndex(book.osis)).toBe(index);
      expect(findBookIndex(`${book.osis.toLowerCase()}.`)).toBe(index);
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

  it.each(accepted)('reads %j as %s', (query, book) => {
    expect(name(query)).toBe(book);
  });

  it('refuses what names no book or more than one', () => {
    expect(findBookIndex('jo')).toBe(-1);
    expect(findBookIndex('hezekiah')).toBe(-1);
    expect(findBookIndex('')).toBe(-1);
    expect(findBookIndex('j')).toBe(-1);
  });

  it.each(refused)('refuses %j', (query) => {
    expect(findBookIndex(query)).toBe(-1);
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
