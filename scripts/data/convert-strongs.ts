// Converts the dump of Debian's Strong's-tagged KJV (scripts/data/dump-sword-kjv.py, SWORD module
// engKJV2006eb) into src/server/study/data/kjv-strongs.bin and its manifest (decision 023): for each
// verse of the KJV the app serves, each word's Strong's number and whether the words are
// Christ's. The module's words are matched to ours in order (where a verse differs, by the longest
// common run of words), so the tagging always fits the text on screen; notes and psalm titles,
// which the app's text shows apart from the verse, are left out.
// Usage: /usr/bin/python3 scripts/data/dump-sword-kjv.py > kjv.jsonl
//        node scripts/data/convert-strongs.ts kjv.jsonl
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { dumpVerses } from '#scripts/data/kjv-dump.ts';
import { loadKingJamesVersion } from '#server/bible/kjv.ts';
import { christBit, encodeStrongs, strongsCode } from '#server/study/strongs-file.ts';
import { books } from '#shared/bible/books.ts';
import { verseAt, verseTotal } from '#shared/bible/verse-index.ts';
import { parseVerseText } from '#shared/bible/verse-text.ts';
import { wordsOf } from '#shared/bible/verse-words.ts';

const outputDirectory = path.join(import.meta.dirname, '../../src/server/study/data');

type Tagged = { word: string; code: number };

/** The words of one verse's OSIS with their codes; `state` carries a quotation across verses. */
export function taggedWords(osis: string, state: { christ: boolean }): Tagged[] {
  const text = osis
    .replace(/<note\b[^>]*>[\s\S]*?<\/note>/g, ' ')
    .replace(/<title\b[^>]*>[\s\S]*?<\/title>/g, ' ')
    // A stray USFM marker the module kept in a few verses ('\\nd' before JEHOVAH).
    .replace(/\\[a-z]+\*?/g, ' ');
  const words: Tagged[] = [];
  let code = 0;
  for (const [token] of text.matchAll(/<[^>]+>|[^<]+/g)) {
    if (token.startsWith('<')) {
      const lemma = /^<w\b[^>]*lemma="strong:([HG]\d+)/.exec(token);
      if (lemma) code = strongsCode(lemma[1] ?? '');
      else if (token.startsWith('</w')) code = 0;
      else if (/^<q\b[^>]*who="Jesus"/.test(token)) state.christ = !token.includes('eID=');
      else if (token.startsWith('</q')) state.christ = false;
      continue;
    }
    for (const { word } of wordsOf(token)) {
      words.push({ word, code: code | (state.christ ? christBit : 0) });
    }
  }
  return words;
}

/** One word in both, whatever the case or apostrophes (our "their's" is the module's "theirs"). */
const same = (a: string, b: string) =>
  a.toLowerCase().replace(/['’]/g, '') === b.toLowerCase().replace(/['’]/g, '');

/** Our words' codes from the module's words: in order, or by the longest common run. */
export function alignCodes(ours: readonly string[], theirs: readonly Tagged[]): number[] {
  if (
    ours.length === theirs.length &&
    ours.every((word, index) => same(word, theirs[index]?.word ?? ''))
  ) {
    return theirs.map((tagged) => tagged.code);
  }
  const rows = ours.length + 1;
  const columns = theirs.length + 1;
  const table = new Uint16Array(rows * columns);
  for (let i = ours.length - 1; i >= 0; i -= 1) {
    for (let j = theirs.length - 1; j >= 0; j -= 1) {
      table[i * columns + j] = same(ours[i] ?? '', theirs[j]?.word ?? '')
        ? (table[(i + 1) * columns + j + 1] ?? 0) + 1
        : Math.max(table[(i + 1) * columns + j] ?? 0, table[i * columns + j + 1] ?? 0);
    }
  }
  const codes = ours.map(() => 0);
  const matched = ours.map(() => false);
  let i = 0;
  let j = 0;
  while (i < ours.length && j < theirs.length) {
    if (same(ours[i] ?? '', theirs[j]?.word ?? '')) {
      codes[i] = theirs[j]?.code ?? 0;
      matched[i] = true;
      i += 1;
      j += 1;
    } else if ((table[(i + 1) * columns + j] ?? 0) >= (table[i * columns + j + 1] ?? 0)) i += 1;
    else j += 1;
  }
  return withChristsWordsBetween(codes, matched);
}

/**
 * A word the module and our text spell too differently to match keeps no number, but stays one
 * of Christ's words when the matched words on both sides of it are (at a verse's edge, the one
 * side it has).
 */
function withChristsWordsBetween(codes: number[], matched: readonly boolean[]): number[] {
  const isChrist = (code: number | undefined) => code !== undefined && (code & christBit) !== 0;
  return codes.map((code, index) => {
    if (matched[index]) return code;
    let before = index - 1;
    while (before >= 0 && !matched[before]) before -= 1;
    let after = index + 1;
    while (after < codes.length && !matched[after]) after += 1;
    const left = before >= 0 ? codes[before] : undefined;
    const right = after < codes.length ? codes[after] : undefined;
    if (left === undefined && right === undefined) return code;
    return (left === undefined || isChrist(left)) && (right === undefined || isChrist(right))
      ? christBit
      : code;
  });
}

if (import.meta.main) {
  const dump = process.argv[2];
  if (!dump) {
    console.error('Usage: node scripts/data/convert-strongs.ts <kjv-strongs.jsonl>');
    process.exit(2);
  }
  const source = fs.readFileSync(dump, 'utf8');
  const kjv = loadKingJamesVersion();
  const byVerse = new Map<number, Tagged[]>();
  const state = { christ: false };
  for (const { number, entry } of dumpVerses(source)) {
    if (entry.verse === 1) state.christ = false;
    byVerse.set(number, taggedWords(entry.osis, state));
  }
  const offsets = new Uint32Array(verseTotal + 1);
  const codes: number[] = [];
  let versesDiffering = 0;
  // Tagged words per book, in the module and as matched to our text.
  const moduleTaggedByBook = books.map(() => 0);
  const taggedByBook = books.map(() => 0);
  let wordsUntagged = 0;
  let wordsTagged = 0;
  for (let number = 0; number < verseTotal; number += 1) {
    offsets[number] = codes.length;
    const position = verseAt(number);
    const raw = position
      ? kjv.chapters[position.bookIndex]?.[position.chapter - 1]?.[position.verse - 1]
      : undefined;
    const ours = wordsOf(raw ? parseVerseText(raw).plain : '').map((entry) => entry.word);
    const theirs = byVerse.get(number) ?? [];
    const aligned = alignCodes(ours, theirs);
    const bookIndex = position?.bookIndex ?? 0;
    moduleTaggedByBook[bookIndex] =
      (moduleTaggedByBook[bookIndex] ?? 0) +
      theirs.filter((tagged) => (tagged.code & ~christBit) !== 0).length;
    taggedByBook[bookIndex] =
      (taggedByBook[bookIndex] ?? 0) + aligned.filter((code) => (code & ~christBit) !== 0).length;
    if (
      ours.length !== theirs.length ||
      ours.some((word, index) => !same(word, theirs[index]?.word ?? ''))
    ) {
      versesDiffering += 1;
    }
    for (const code of aligned) {
      if ((code & ~christBit) === 0) wordsUntagged += 1;
      else wordsTagged += 1;
      codes.push(code);
    }
  }
  offsets[verseTotal] = codes.length;
  const buffer = encodeStrongs({ verses: verseTotal, offsets, codes: Uint16Array.from(codes) });
  const moduleConf = fs.readFileSync('/usr/share/sword/mods.d/engKJV2006eb.conf', 'utf8');
  const manifest = {
    source: "SWORD module engKJV2006eb (Debian sword-text-kjv): the KJV with Strong's numbers",
    version: /^Version=(.*)$/m.exec(moduleConf)?.[1] ?? '',
    licence: 'Public domain',
    dumpSha256: createHash('sha256').update(source).digest('hex'),
    verses: byVerse.size,
    words: codes.length,
    wordsTagged,
    wordsUntagged,
    versesDiffering,
    taggedByBook: Object.fromEntries(
      books.map((book, index) => [
        book.osis,
        { module: moduleTaggedByBook[index] ?? 0, matched: taggedByBook[index] ?? 0 },
      ]),
    ),
  };
  fs.mkdirSync(outputDirectory, { recursive: true });
  fs.writeFileSync(path.join(outputDirectory, 'kjv-strongs.bin'), buffer);
  fs.writeFileSync(
    path.join(outputDirectory, 'kjv-strongs.json'),
    `${JSON.stringify(manifest, null, 2)}\n`,
  );
  console.log(manifest, `${buffer.length} bytes`);
}
