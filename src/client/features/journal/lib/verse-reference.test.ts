import { describe, expect, it } from 'vitest';
import { readerHrefForReference } from './verse-reference.ts';

describe('readerHrefForReference', () => {
  it('links a verse and a range to its chapter', () => {
    expect(readerHrefForReference('John 3:16')).toBe('/read-bible?book=John&chapter=3');
    expect(readerHrefForReference('1 Corinthians 13:4-7')).toBe(
      '/read-bible?book=1%20Corinthians&chapter=13',
    );
    expect(readerHrefForReference('Psalm 23')).toBe('/read-bible?book=Psalms&chapter=23');
  });

  it("opens the reader in the person's translation (decision 015)", () => {
    expect(readerHrefForReference('John 3:16', 'web')).toBe(
      '/read-bible?book=John&chapter=3&translation=web',
    );
    expect(readerHrefForReference('Psalm 23', 'asv')).toBe(
      '/read-bible?book=Psalms&chapter=23&translation=asv',
    );
    expect(readerHrefForReference('John 3:16', 'kjv')).toBe('/read-bible?book=John&chapter=3');
    expect(readerHrefForReference('hello', 'web')).toBeNull();
  });

  it('gives null for what is not a reference', () => {
    expect(readerHrefForReference('hello')).toBeNull();
    expect(readerHrefForReference('Nowhere 3:1')).toBeNull();
    expect(readerHrefForReference('Jude 2:1')).toBeNull();
  });

  it('gives null for a prototype name as the book', () => {
    for (const key of [...Object.getOwnPropertyNames(Object.prototype), 'prototype']) {
      expect(readerHrefForReference(`${key} 3:16`), key).toBeNull();
      expect(readerHrefForReference(`${key.toUpperCase()} 1`), key).toBeNull();
    }
  });
});
