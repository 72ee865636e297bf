// Converts OpenBible.info's cross-references (the zip as published, one TSV: From Verse, To Verse,
// Votes) into src/server/study/data/cross-references.bin and its manifest (decision 023).
// Rerunnable: `node scripts/data/convert-cross-references.ts <openbible-cross-references.zip>`.
// Needs `unzip` (Debian's). Rows voted below zero, and rows from a verse the KJV's versification
// does not have (3 John 1:15), are left out and counted in the manifest.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { encodeCrossReferences } from '#server/study/cross-reference-file.ts';
import { findBookByOsis, books } from '#shared/bible/books.ts';
import { verseCount } from '#shared/bible/verse-counts.ts';
import { verseNumber, verseTotal } from '#shared/bible/verse-index.ts';

const outputDirectory = path.join(import.meta.dirname, '../../src/server/study/data');

/**
 * 'Gen.1.1' → its verse number, or -1. A range's end past its chapter's last verse (3 John 1:15,
 * which the KJV numbers as part of 1:14) is that last verse.
 */
function osisVerse(reference: string, { isRangeEnd = false } = {}): number {
  const [osis = '', chapterText, verseText] = reference.split('.');
  const book = findBookByOsis(osis);
  if (!book) return -1;
  const bookIndex = books.indexOf(book);
  const chapter = Number(chapterText);
  const verse = Number(verseText);
  const last = verseCount(bookIndex, chapter);
  const clamped = isRangeEnd && last > 0 && verse > last ? last : verse;
  return verseNumber({ bookIndex, chapter, verse: clamped });
}

export type ConvertedCrossReferences = {
  buffer: Buffer;
  manifest: {
    source: string;
    licence: string;
    published: string;
    sourceSha256: string;
    sourceRows: number;
    kept: number;
    leftOutVotedDown: number;
    leftOutUnknownVerse: number;
  };
};

export function convertCrossReferences(
  tsv: string,
  sourceSha256: string,
): ConvertedCrossReferences {
  const lines = tsv.split('\n').filter((line) => line.trim() !== '');
  const [header = '', ...rows] = lines;
  const published = /CC-BY (\d{4}-\d{2}-\d{2})/.exec(header)?.[1] ?? '';
  const bySource: { first: number; last: number; votes: number }[][] = Array.from(
    { length: verseTotal },
    () => [],
  );
  let leftOutVotedDown = 0;
  let leftOutUnknownVerse = 0;
  for (const row of rows) {
    const [from = '', to = '', votesText = ''] = row.split('\t');
    const votes = Number(votesText);
    const source = osisVerse(from);
    const [firstText = '', lastText = firstText] = to.split('-');
    const first = osisVerse(firstText);
    const last = osisVerse(lastText, { isRangeEnd: true });
    if (source < 0 || first < 0 || last < first || !Number.isInteger(votes)) {
      leftOutUnknownVerse += 1;
    } else if (votes < 0) {
      leftOutVotedDown += 1;
    } else {
      bySource[source]?.push({ first, last, votes: Math.min(votes, 32767) });
    }
  }
  const offsets = new Uint32Array(verseTotal + 1);
  const entries: { first: number; last: number; votes: number }[] = [];
  bySource.forEach((references, verse) => {
    offsets[verse] = entries.length;
    references.sort((a, b) => b.votes - a.votes || a.first - b.first || a.last - b.last);
    entries.push(...references);
  });
  offsets[verseTotal] = entries.length;
  const buffer = encodeCrossReferences({
    verses: verseTotal,
    offsets,
    firsts: Uint16Array.from(entries, (entry) => entry.first),
    lasts: Uint16Array.from(entries, (entry) => entry.last),
    votes: Int16Array.from(entries, (entry) => entry.votes),
  });
  return {
    buffer,
    manifest: {
      source: 'OpenBible.info cross-references, openbible.info/labs/cross-references',
      licence: 'CC BY 4.0',
      published,
      sourceSha256,
      sourceRows: rows.length,
      kept: entries.length,
      leftOutVotedDown,
      leftOutUnknownVerse,
    },
  };
}

if (import.meta.main) {
  const zip = process.argv[2];
  if (!zip) {
    console.error('Usage: node scripts/data/convert-cross-references.ts <cross-references.zip>');
    process.exit(2);
  }
  const sha256 = createHash('sha256').update(fs.readFileSync(zip)).digest('hex');
  const tsv = execFileSync('unzip', ['-p', zip, 'cross_references.txt'], {
    maxBuffer: 64 * 1024 * 1024,
  }).toString('utf8');
  const { buffer, manifest } = convertCrossReferences(tsv, sha256);
  fs.mkdirSync(outputDirectory, { recursive: true });
  fs.writeFileSync(path.join(outputDirectory, 'cross-references.bin'), buffer);
  fs.writeFileSync(
    path.join(outputDirectory, 'cross-references.json'),
    `${JSON.stringify(manifest, null, 2)}\n`,
  );
  console.log(manifest, `${buffer.length} bytes`);
}
