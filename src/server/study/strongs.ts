// The KJV's Strong's tagging (decision 023), read from the committed file the first time it is
// asked for (1.7 MB) and kept for the process.
import fs from 'node:fs';
import path from 'node:path';
import { christBit, decodeStrongs, strongsNumber, type StrongsRows } from './strongs-file.ts';

const file = path.join(import.meta.dirname, 'data', 'kjv-strongs.bin');

let rows: StrongsRows | null = null;

export function strongsRows(): StrongsRows {
  rows ??= decodeStrongs(fs.readFileSync(file));
  return rows;
}

/** A verse's words as tagged: each word's Strong's number (or null) and whether Christ speaks it. */
export function verseStrongs(verse: number): { number: string | null; christ: boolean }[] {
  const { offsets, codes } = strongsRows();
  const words = [];
  for (let at = offsets[verse] ?? 0; at < (offsets[verse + 1] ?? 0); at += 1) {
    const code = codes[at] ?? 0;
    words.push({ number: strongsNumber(code), christ: (code & christBit) !== 0 });
  }
  return words;
}
