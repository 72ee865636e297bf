import { describe, expect, it } from 'vitest';
import { decodeCrossReferences } from '#server/study/cross-reference-file.ts';
import { verseNumber } from '#shared/bible/verse-index.ts';
import { convertCrossReferences } from './convert-cross-references.ts';

const tsv = [
  'From Verse\tTo Verse\tVotes\t#www.openbible.info CC-BY 2021-05-31',
  'Gen.1.1\tIsa.42.5\t89',
  'Gen.1.1\tPs.96.5\t33',
  'Gen.1.1\tJohn.1.1-John.1.3\t120',
  'Gen.1.1\tHeb.11.3\t-2',
  '2John.1.1\t2John.1.13-3John.1.15\t4',
  '3John.1.15\tJohn.10.3\t2',
  'Gen.1.1\tNope.1.1\t5',
  '',
].join('\n');

const at = (bookIndex: number, chapter: number, verse: number) =>
  verseNumber({ bookIndex, chapter, verse });

describe('converting OpenBible.info cross-references', () => {
  const { buffer, manifest } = convertCrossReferences(tsv, 'checksum');
  const rows = decodeCrossReferences(buffer);

  it('counts what it kept and what it left out, and why', () => {
    expect(manifest).toMatchObject({
      published: '2021-05-31',
      licence: 'CC BY 4.0',
      sourceSha256: 'checksum',
      sourceRows: 7,
      kept: 4,
      leftOutVotedDown: 1,
      leftOutUnknownVerse: 2,
    });
  });

  it("keeps a verse's references best voted first, ranges as runs of verses", () => {
    const genesis = at(0, 1, 1);
    const start = rows.offsets[genesis] ?? 0;
    const end = rows.offsets[genesis + 1] ?? 0;
    const kept = [];
    for (let index = start; index < end; index += 1) {
      kept.push([rows.firsts[index], rows.lasts[index], rows.votes[index]]);
    }
    expect(kept).toEqual([
      [at(42, 1, 1), at(42, 1, 3), 120],
      [at(22, 42, 5), at(22, 42, 5), 89],
      [at(18, 96, 5), at(18, 96, 5), 33],
    ]);
  });

  it("ends a run at 3 John's last verse, where the KJV has no 1:15", () => {
    const secondJohn = at(62, 1, 1);
    const index = rows.offsets[secondJohn] ?? 0;
    expect([rows.firsts[index], rows.lasts[index]]).toEqual([at(62, 1, 13), at(63, 1, 14)]);
  });
});
