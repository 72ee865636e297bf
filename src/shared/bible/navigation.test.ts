import { describe, expect, it } from 'vitest';
import {
  firstPosition,
  lastPosition,
  nextPosition,
  positionFromParams,
  previousPosition,
  progressPercent,
  readerParamsFallback,
} from './navigation.ts';

describe('reader navigation (product §4)', () => {
  it('moves within a book and across book boundaries', () => {
    expect(nextPosition({ bookIndex: 0, chapter: 1 })).toEqual({ bookIndex: 0, chapter: 2 });
    expect(nextPosition({ bookIndex: 0, chapter: 50 })).toEqual({ bookIndex: 1, chapter: 1 });
    expect(previousPosition({ bookIndex: 1, chapter: 1 })).toEqual({ bookIndex: 0, chapter: 50 });
    // Malachi 4 → Matthew 1 and back.
    expect(nextPosition({ bookIndex: 38, chapter: 4 })).toEqual({ bookIndex: 39, chapter: 1 });
    expect(previousPosition({ bookIndex: 39, chapter: 1 })).toEqual({ bookIndex: 38, chapter: 4 });
  });

  it('has no previous at Genesis 1 and no next at Revelation 22', () => {
    expect(previousPosition(firstPosition)).toBeNull();
    expect(nextPosition(lastPosition)).toBeNull();
    expect(lastPosition).toEqual({ bookIndex: 65, chapter: 22 });
  });

  it('computes the progress bar as (book index + chapter / chapters) / 66', () => {
    expect(progressPercent({ bookIndex: 0, chapter: 50 })).toBeCloseTo(100 / 66);
    expect(progressPercent({ bookIndex: 42, chapter: 3 })).toBeCloseTo(((42 + 3 / 21) / 66) * 100);
    expect(progressPercent(lastPosition)).toBeCloseTo(100);
  });

  it('reads query parameters leniently and rejects impossible chapters', () => {
    expect(positionFromParams('John', '3')).toEqual({ bookIndex: 42, chapter: 3 });
    expect(positionFromParams('song of solomon', null)).toEqual({ bookIndex: 21, chapter: 1 });
    expect(positionFromParams('1Cor', '13')).toEqual({ bookIndex: 45, chapter: 13 });
    expect(positionFromParams('John', '22')).toBeNull();
    expect(positionFromParams('Hezekiah', '1')).toBeNull();
    expect(positionFromParams(null, '1')).toBeNull();
  });

  it('reads a prototype name as the book or chapter as no chapter', () => {
    for (const key of [...Object.getOwnPropertyNames(Object.prototype), 'prototype']) {
      for (const spelling of [key, key.toLowerCase(), key.toUpperCase(), ` ${key} `]) {
        expect(positionFromParams(spelling, '1'), spelling).toBeNull();
        expect(positionFromParams(spelling, null), spelling).toBeNull();
        expect(positionFromParams('John', spelling), spelling).toBeNull();
      }
    }
  });
});

describe('readerParamsFallback', () => {
  it('opens the last chapter of a book asked for beyond its end, and says so', () => {
    expect(readerParamsFallback('Genesis', '999')).toEqual({
      position: { bookIndex: 0, chapter: 50 },
      reference: 'Genesis 999',
      note: 'Genesis has 50 chapters; showing Genesis 50.',
    });
    expect(readerParamsFallback('jude', '2')).toEqual({
      position: { bookIndex: 64, chapter: 1 },
      reference: 'jude 2',
      note: 'Jude has 1 chapter; showing Jude 1.',
    });
  });

  it('opens chapter 1 for a chapter that is no number', () => {
    expect(readerParamsFallback('John', '0')).toMatchObject({
      position: { bookIndex: 42, chapter: 1 },
      note: 'John has no chapter 0; showing John 1.',
    });
    expect(readerParamsFallback('John', 'three')).toMatchObject({
      position: { bookIndex: 42, chapter: 1 },
      reference: 'John three',
    });
  });

  it('opens Genesis 1 for a book that does not exist', () => {
    expect(readerParamsFallback('Foo', null)).toEqual({
      position: { bookIndex: 0, chapter: 1 },
      reference: 'Foo',
      note: 'No book called “Foo”; showing Genesis 1.',
    });
    expect(readerParamsFallback('Foo', '3')).toMatchObject({ reference: 'Foo 3' });
  });

  it('is null for a good address, or one without a book', () => {
    expect(readerParamsFallback('Genesis', '50')).toBeNull();
    expect(readerParamsFallback('ps', null)).toBeNull();
    expect(readerParamsFallback(null, '3')).toBeNull();
    expect(readerParamsFallback('', null)).toBeNull();
  });
});
