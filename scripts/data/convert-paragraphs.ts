// Converts the dump of Debian's KJV SWORD module (scripts/data/dump-sword-kjv.py, module
// engKJV2006eb) into src/server/study/data/paragraphs.bin and its manifest (decision 023,
// Context): the verses where the module starts a paragraph (`<div sID="…" type="x-p"/>`, most of
// them with the KJV's pilcrow '¶'). A chapter's start is always a paragraph's start: the module
// keeps those markers in the chapter's heading, which the dump leaves out, and the file does not
// store them.
// Usage: /usr/bin/python3 scripts/data/dump-sword-kjv.py > kjv.jsonl
//        node scripts/data/convert-paragraphs.ts kjv.jsonl
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { dumpVerses } from '#scripts/data/kjv-dump.ts';
import { encodeParagraphs } from '#server/study/paragraph-file.ts';

const outputDirectory = path.join(import.meta.dirname, '../../src/server/study/data');

/** A paragraph's start in the module's OSIS (its end, `eID`, is not counted). */
const paragraphStart =
  /<div\b[^>]*\bsID="[^"]*"[^>]*\btype="x-p"[^>]*\/>|<div\b[^>]*\btype="x-p"[^>]*\bsID="[^"]*"[^>]*\/>/g;

/** How many paragraphs a verse's OSIS starts. */
export function paragraphStarts(osis: string): number {
  return osis.match(paragraphStart)?.length ?? 0;
}

export type Conversion = {
  /** The verse numbers where a paragraph starts inside a chapter, rising. */
  starts: number[];
  /** The markers the module has, every one counted. */
  markers: number;
  pilcrows: number;
  verses: number;
};

/** The paragraphs of a dump (JSON lines, one verse a line). */
export function convertParagraphs(dump: string): Conversion {
  const starts = new Set<number>();
  let markers = 0;
  let pilcrows = 0;
  let verses = 0;
  for (const { number, entry } of dumpVerses(dump)) {
    verses += 1;
    const count = paragraphStarts(entry.osis);
    markers += count;
    pilcrows += entry.osis.split('¶').length - 1;
    // A marker in a chapter's first verse starts what the chapter starts anyway.
    if (count > 0 && entry.verse > 1) starts.add(number);
  }
  return { starts: [...starts].sort((a, b) => a - b), markers, pilcrows, verses };
}

if (import.meta.main) {
  const dump = process.argv[2];
  if (!dump) {
    console.error('Usage: node scripts/data/convert-paragraphs.ts <kjv-strongs.jsonl>');
    process.exit(2);
  }
  const source = fs.readFileSync(dump, 'utf8');
  const { starts, markers, pilcrows, verses } = convertParagraphs(source);
  const buffer = encodeParagraphs(starts);
  const moduleConf = fs.readFileSync('/usr/share/sword/mods.d/engKJV2006eb.conf', 'utf8');
  const manifest = {
    source: 'SWORD module engKJV2006eb (Debian sword-text-kjv): the KJV with its paragraphs',
    version: /^Version=(.*)$/m.exec(moduleConf)?.[1] ?? '',
    licence: 'Public domain',
    dumpSha256: createHash('sha256').update(source).digest('hex'),
    verses,
    markers,
    pilcrows,
    starts: starts.length,
    note: "Each chapter's first verse also starts a paragraph; the module marks it in the chapter's heading and the file does not store it.",
  };
  fs.mkdirSync(outputDirectory, { recursive: true });
  fs.writeFileSync(path.join(outputDirectory, 'paragraphs.bin'), buffer);
  fs.writeFileSync(
    path.join(outputDirectory, 'paragraphs.json'),
    `${JSON.stringify(manifest, null, 2)}\n`,
  );
  console.log(manifest, `${buffer.length} bytes`);
}
