import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { books } from '#shared/bible/books.ts';
import { verseCount } from '#shared/bible/verse-counts.ts';
import { verseTotal } from '#shared/bible/verse-index.ts';
import {
  convertCommentary,
  entryParts,
  paragraphsOf,
  serializeCommentary,
  type DumpEntry,
} from './convert-commentary.ts';

const head = {
  module: 'MHCC',
  description: "Matthew Henry's Concise Commentary on the Whole Bible",
  version: '2.0',
  debianPackage: 'sword-comm-mhcc',
  debianVersion: '2.0-1',
  licence: 'Public Domain',
  files: {},
};

const dumpOf = (entries: DumpEntry[]) =>
  [head, ...entries].map((line) => JSON.stringify(line)).join('\n');

const note = (heading: string, text: string) =>
  `<div type="x-milestone" subType="x-preverse" sID="pv2"/><div sID="g1" type="x-p"/> ` +
  `<div type="x-milestone" subType="x-preverse" eID="pv2"/><hi type="bold">${heading}</hi> ` +
  `<div eID="g1" type="x-p"/> <div sID="g2" type="x-p"/> ${text} <div eID="g2" type="x-p"/>`;

/** Ruth's four chapters (22, 23, 18 and 22 verses), as a small module. */
function ruth(entries: Omit<DumpEntry, 'book'>[]): DumpEntry[] {
  return entries.map((entry) => ({ book: 'Ruth', ...entry }));
}

const verses = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe("converting Matthew Henry's Concise Commentary", () => {
  it('writes OSIS as plain paragraphs: titles out, outline rows one line, references as text', () => {
    expect(
      paragraphsOf(
        '<title type="x-ms">Genesis</title> <div sID="a" type="x-p"/> Genesis is a name ' +
          'taken   from the Greek &amp;c. <div eID="a" type="x-p"/> <title type="x-IS">Chapter ' +
          'Outline</title> <table> <row><cell>God creates heaven and earth.</cell><cell>(1-2)' +
          '</cell></row> </table> <div sID="b" type="x-p"/> Chapter Outline <div eID="b" ' +
          'type="x-p"/> Ishmael mocks Isaac. <div sID="c" type="x-p"/> (9-13) <div eID="c" ' +
          'type="x-p"/> --The registers, ver. #(2), see <reference osisRef="Luke.16.25">Lu ' +
          '16:25</reference>.',
      ),
    ).toEqual([
      'Genesis is a name taken from the Greek &c.',
      'God creates heaven and earth. (1-2)',
      'Ishmael mocks Isaac. (9-13)',
      'The registers, ver. (2), see Lu 16:25.',
    ]);
  });

  it("splits an entry at its heading, reading 'Verse 1 ,2' as verses 1-2", () => {
    const parts = entryParts(
      '<title type="x-s2">Chapter 56</title> <div sID="a" type="x-p"/> A charge. <div ' +
        'eID="a" type="x-p"/><hi type="bold">Verse 1</hi> ,2 The Lord tells us.',
    );
    expect(parts).toEqual({
      introduction: ['A charge.'],
      note: ['The Lord tells us.'],
      heading: { from: 1, to: 2 },
      alsoHeading: null,
    });
    expect(entryParts(note('Verses 24-30', ', 36-43 This parable.'))).toMatchObject({
      note: ['This parable.'],
      heading: { from: 24, to: 30 },
      alsoHeading: { from: 36, to: 43 },
    });
  });

  it('gives each note the verses that point at it and the empty ones after it, introduction first', () => {
    const { books: converted, manifest } = convertCommentary(
      dumpOf([
        { book: null, chapter: 0, verses: [0], osis: '<milestone type="x-importer"/>' },
        ...ruth([
          { chapter: 0, verses: [0], osis: '<title type="main">Ruth</title>' },
          { chapter: 1, verses: [0], osis: '<chapter n="1"/> <div eID="x" type="x-p"/>' },
          {
            chapter: 1,
            verses: [1, 2],
            osis:
              '<div type="x-milestone" subType="x-preverse" sID="pv1"/><title type="x-ms">' +
              'Ruth</title> <div sID="i" type="x-p"/> The book of Ruth. <div eID="i" ' +
              'type="x-p"/> <table><row><cell>Elimelech.</cell><cell>(1-5)</cell></row></table>' +
              note('Verses 1-5', 'Elimelech went to Moab.'),
          },
          // Verses 3-5 point at nothing: the note on 1-2 runs on.
          { chapter: 1, verses: verses(6, 22), osis: note('Verses 6-22', 'Naomi returns.') },
          // A whole-chapter note, on verse 1 alone.
          {
            chapter: 2,
            verses: [1],
            osis:
              '<div type="x-milestone" subType="x-preverse" sID="pv3"/><title type="x-s2">' +
              'Chapter 2</title> <div type="x-milestone" subType="x-preverse" eID="pv3"/>Ruth ' +
              'gleans. <div sID="r" type="x-p"/> --Observe Ruth.',
          },
          // A note in the chapter's heading slot, the verses pointing at nothing.
          { chapter: 3, verses: [0], osis: '<chapter n="3"/> <div sID="s" type="x-p"/> Rest.' },
          { chapter: 4, verses: verses(1, 8), osis: note('Verses 1-8', 'The kinsman.') },
          // Stored but lost from the index: placed by its heading.
          { chapter: 4, verses: [], osis: note('Verses 8-22', 'Boaz marries Ruth.') },
        ]),
      ]),
    );
    const ruthIndex = books.findIndex((book) => book.osis === 'Ruth');
    expect(converted[ruthIndex]).toEqual([
      [
        [0, 0, 'The book of Ruth.', 'Elimelech. (1-5)'],
        [1, 5, 'Elimelech went to Moab.'],
        [6, 22, 'Naomi returns.'],
      ],
      [[1, 23, 'Ruth gleans.', 'Observe Ruth.']],
      [[1, 18, 'Rest.']],
      [
        [1, 8, 'The kinsman.'],
        [8, 22, 'Boaz marries Ruth.'],
      ],
    ]);
    expect(verseCount(ruthIndex, 2)).toBe(23);
    expect(manifest).toMatchObject({
      entries: 6,
      unindexedEntries: 1,
      notes: 6,
      introductions: 1,
      chaptersWithNotes: 4,
      // Every verse but Ruth's: the sample comments on no other book.
      versesUncovered: verseTotal - 85,
    });
  });

  it("gives a note again on a heading's second run of verses rather than running the note before on", () => {
    const { books: converted, manifest } = convertCommentary(
      dumpOf(
        ruth([
          { chapter: 1, verses: verses(1, 5), osis: note('Verses 1-5', ', 10-22 Moab.') },
          { chapter: 1, verses: verses(6, 9), osis: note('Verses 6-9', 'Orpah.') },
        ]),
      ),
    );
    expect(converted[books.findIndex((book) => book.osis === 'Ruth')]?.[0]).toEqual([
      [1, 5, 'Moab.'],
      [6, 9, 'Orpah.'],
      [10, 22, 'Moab.'],
    ]);
    expect(manifest.notesRepeated).toBe(1);
  });
});

const moduleFiles = '/usr/share/sword/modules/comments/zcom/mhcc/ot.bzv';
const committed = path.join(import.meta.dirname, '../../src/server/study/data/mhcc.json');

/** Debian's module and python3-pysword, which dump-mhcc.py reads it with (.ci/run installs both). */
const canDump =
  fs.existsSync(moduleFiles) &&
  spawnSync('/usr/bin/python3', ['-c', 'import pysword']).status === 0;

// Where Debian's module is installed, the committed file is what the scripts make of it.
describe.runIf(canDump)('the committed commentary', () => {
  it('is what dump-mhcc.py and the converter make of the installed module', () => {
    const dump = execFileSync(
      '/usr/bin/python3',
      [path.join(import.meta.dirname, 'dump-mhcc.py')],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    ).toString('utf8');
    expect(serializeCommentary(convertCommentary(dump))).toBe(fs.readFileSync(committed, 'utf8'));
  });
});
