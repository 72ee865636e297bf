import { describe, expect, it } from 'vitest';
import { books } from '#shared/bible/books.ts';
import { verseNumber, verseTotal } from '#shared/bible/verse-index.ts';
import { encodeCrossReferences } from './cross-reference-file.ts';
import { crossReferenceRows, crossReferencesOf } from './cross-references.ts';
import manifest from './data/cross-references.json' with { type: 'json' };

const verse = (book: string, chapter: number, number: number) =>
  verseNumber({ bookIndex: books.findIndex((b) => b.name === book), chapter, verse: number });

describe('the committed cross-references (OpenBible.info, 2021-05-31)', () => {
  const rows = crossReferenceRows();

  it("hold the source's rows less those left out, as the conversion counted them", () => {
    expect(manifest).toMatchObject({ sourceRows: 344_789, licence: 'CC BY 4.0' });
    expect(rows.verses).toBe(verseTotal);
    expect(rows.firsts.length).toBe(manifest.kept);
    expect(manifest.kept + manifest.leftOutVotedDown + manifest.leftOutUnknownVerse).toBe(
      manifest.sourceRows,
    );
    expect(rows.offsets[verseTotal]).toBe(manifest.kept);
  });

  it('point only at verses that exist, each run in order, none voted below zero', () => {
    for (let at = 0; at < rows.firsts.length; at += 1) {
      const first = rows.firsts[at] ?? -1;
      const last = rows.lasts[at] ?? -1;
      if (!(first >= 0 && first <= last && last < verseTotal && (rows.votes[at] ?? -1) >= 0)) {
        throw new Error(`entry ${at}: ${first}–${last}, ${rows.votes[at]} votes`);
      }
    }
  });

  it("keep each verse's references best voted first", () => {
    for (let source = 0; source < verseTotal; source += 1) {
      const start = rows.offsets[source] ?? 0;
      const end = rows.offsets[source + 1] ?? 0;
      expect(end).toBeGreaterThanOrEqual(start);
      for (let at = start + 1; at < end; at += 1) {
        if ((rows.votes[at] ?? 0) > (rows.votes[at - 1] ?? 0)) throw new Error(`verse ${source}`);
      }
    }
  });

  it('give John 3:16 its best-known references first, a page at a time', () => {
    const john316 = verse('John', 3, 16);
    const all = crossReferencesOf(john316, { offset: 0, limit: 1000 });
    expect(all.total).toBeGreaterThan(20);
    expect(all.items).toHaveLength(all.total);
    const targets = all.items.slice(0, 5).map((item) => item.first);
    expect(targets).toContain(verse('Romans', 5, 8));
    const second = crossReferencesOf(john316, { offset: 5, limit: 5 });
    expect(second.items).toEqual(all.items.slice(5, 10));
    expect(crossReferencesOf(john316, { offset: 10_000, limit: 5 }).items).toEqual([]);
  });

  it('read back what was written, and refuse a file of another kind or size', async () => {
    const { decodeCrossReferences } = await import('./cross-reference-file.ts');
    const small = {
      verses: 3,
      offsets: Uint32Array.from([0, 2, 2, 3]),
      firsts: Uint16Array.from([1, 2, 0]),
      lasts: Uint16Array.from([1, 2, 1]),
      votes: Int16Array.from([9, 4, 0]),
    };
    const encoded = encodeCrossReferences(small);
    expect(decodeCrossReferences(encoded)).toEqual(small);
    expect(() => decodeCrossReferences(encoded.subarray(0, encoded.length - 1))).toThrow(/cut/);
    expect(() => decodeCrossReferences(Buffer.from('not a cross-reference file'))).toThrow(
      /Not a cross-reference file/,
    );
  });
});
