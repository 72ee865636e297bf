import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { books } from '#shared/bible/books.ts';
import { verseCount } from '#shared/bible/verse-counts.ts';
import { commentaryOnChapter, loadCommentary, type CommentaryNote } from './commentary.ts';

const bookIndexOf = (name: string) => books.findIndex((book) => book.name === name);

/** Every chapter of the Bible as [bookIndex, chapter]. */
const allChapters = books.flatMap((book, bookIndex) =>
  Array.from({ length: book.chapters }, (_, index) => [bookIndex, index + 1] as const),
);

const covering = (notes: CommentaryNote[], verse: number) =>
  notes.filter((note) => note.from <= verse && verse <= note.to);

const textOf = (note: CommentaryNote) => note.paragraphs.join(' ');

describe("Matthew Henry's Concise Commentary (SWORD MHCC)", () => {
  it('gives every chapter notes in order: at most one introduction (verse 0), first, then notes within the chapter', () => {
    for (const [bookIndex, chapter] of allChapters) {
      const notes = commentaryOnChapter(bookIndex, chapter);
      const last = verseCount(bookIndex, chapter);
      const where = `${books[bookIndex]?.name} ${chapter}`;
      if (notes.length === 0) throw new Error(`${where} has no notes`);
      notes.forEach((note, index) => {
        const bad =
          note.from > note.to ||
          note.to > last ||
          (note.from === 0 && (note.to !== 0 || index !== 0)) ||
          (index > 0 && note.from < (notes[index - 1]?.from ?? 0)) ||
          note.paragraphs.length === 0 ||
          note.paragraphs.some(
            (paragraph) => !/\S/.test(paragraph) || /[<>]|&\w+;|#\(/.test(paragraph),
          );
        if (bad) throw new Error(`${where}: note ${JSON.stringify(note).slice(0, 200)}`);
      });
    }
  });

  it('has a note on every verse', () => {
    for (const [bookIndex, chapter] of allChapters) {
      const notes = commentaryOnChapter(bookIndex, chapter);
      for (let verse = 1; verse <= verseCount(bookIndex, chapter); verse += 1) {
        if (covering(notes, verse).length === 0) {
          throw new Error(`No note on ${books[bookIndex]?.name} ${chapter}:${verse}`);
        }
      }
    }
  });

  it("gives Genesis 1:2 the note on verses 1-2 (not 'Verses 3-5'), after the book's introduction", () => {
    const notes = commentaryOnChapter(bookIndexOf('Genesis'), 1);
    expect(notes[0]).toMatchObject({ from: 0, to: 0 });
    expect(notes[0]?.paragraphs[0]).toMatch(/^Genesis is a name taken from the Greek/);
    expect(notes[0]?.paragraphs).toContain('God creates heaven and earth. (1-2)');
    const [note, ...others] = covering(notes, 2);
    expect(others).toEqual([]);
    expect(note).toMatchObject({ from: 1, to: 2 });
    expect(textOf(note!)).toContain('the world was without form, and void');
    expect(textOf(note!)).not.toContain('Let there be light');
  });

  it('gives John 3:16 the note that speaks of it', () => {
    const notes = covering(commentaryOnChapter(bookIndexOf('John'), 3), 16);
    expect(notes.map(textOf).join(' ')).toContain('God so loved the world');
  });

  it('answers nothing for a chapter that does not exist', () => {
    expect(commentaryOnChapter(bookIndexOf('Jude'), 2)).toEqual([]);
    expect(commentaryOnChapter(66, 1)).toEqual([]);
    expect(commentaryOnChapter(0, 0)).toEqual([]);
    expect(commentaryOnChapter(0, 1.5)).toEqual([]);
  });

  it('is read once and says where it comes from', () => {
    expect(loadCommentary()).toBe(loadCommentary());
    expect(loadCommentary().manifest).toMatchObject({ version: '2.0', licence: 'Public Domain' });
  });
});

// The module itself, read here without the scripts that converted it, where Debian's
// sword-comm-mhcc is installed. Its .bzv holds 10-byte records (block, offset: uint32; size:
// uint16) although its conf says zCom4.
const moduleDirectory = '/usr/share/sword/modules/comments/zcom/mhcc';

type Entry = { key: string; text: string; bookIndex: number; chapter: number };

/** The words of an entry or a note, as one string: markup, titles and headings left out. */
function words(text: string): string {
  return (text.match(/[A-Za-z0-9]+/g) ?? []).join(' ');
}

function entryWords(osis: string): string {
  return words(
    osis
      .replace(/<title\b[^>]*>[\s\S]*?<\/title>/g, ' ')
      .replace(/<hi type="bold">[^<]*<\/hi>/g, ' ')
      .replace(/<[^>]*>/g, ' ')
      .replaceAll('&amp;', '&')
      .replaceAll('Chapter Outline', ' '),
  );
}

function readModule() {
  /** entryAt[bookIndex][chapter][verse] (chapter 0 verse 0: the book's heading). */
  const entryAt: (Entry | null)[][][] = books.map(() => []);
  const entries = new Map<string, Entry>();
  const lost: (Entry & { from: number; to: number })[] = [];
  for (const [testament, first, end] of [
    ['ot', 0, 39],
    ['nt', 39, 66],
  ] as const) {
    const file = (extension: string) =>
      fs.readFileSync(path.join(moduleDirectory, testament + extension));
    const index = file('.bzs');
    const compressed = file('.bzz');
    const slots = file('.bzv');
    const blocks: Buffer[] = [];
    for (let at = 0; at < index.length; at += 12) {
      const offset = index.readUInt32LE(at);
      blocks.push(
        zlib.inflateSync(compressed.subarray(offset, offset + index.readUInt32LE(at + 4))),
      );
    }
    const used = blocks.map(() => new Map<number, number>());
    let slot = 2;
    const read = (bookIndex: number, chapter: number): Entry | null => {
      const block = slots.readUInt32LE(slot * 10);
      const offset = slots.readUInt32LE(slot * 10 + 4);
      const size = slots.readUInt16LE(slot * 10 + 8);
      slot += 1;
      if (size === 0) return null;
      const key = `${testament}:${block}:${offset}`;
      used[block]?.set(offset, offset + size);
      const text = blocks[block]?.subarray(offset, offset + size).toString('utf8') ?? '';
      if (entryWords(text) === '') return null;
      const entry = entries.get(key) ?? { key, text, bookIndex, chapter };
      entries.set(key, entry);
      return entry;
    };
    for (let bookIndex = first; bookIndex < end; bookIndex += 1) {
      const byChapter = entryAt[bookIndex]!;
      byChapter[0] = [read(bookIndex, 0)];
      for (let chapter = 1; chapter <= (books[bookIndex]?.chapters ?? 0); chapter += 1) {
        byChapter[chapter] = Array.from({ length: verseCount(bookIndex, chapter) + 1 }, () =>
          read(bookIndex, chapter),
        );
      }
    }
    expect(slot * 10).toBe(slots.length);
    // Text that no slot points at: placed in the chapter of the entry stored before it.
    blocks.forEach((block, number) => {
      let at = 0;
      const ends = used[number]!;
      for (const start of [...[...ends.keys()].sort((a, b) => a - b), block.length]) {
        const text = block.subarray(at, start).toString('utf8');
        if (start > at && entryWords(text) !== '') {
          const before = entries.get(
            `${testament}:${number}:${[...ends].find(([, e]) => e === at)?.[0]}`,
          );
          const heading = /<hi type="bold">Verses? (\d+)(?:-(\d+))?<\/hi>/.exec(text);
          if (!before || !heading) throw new Error(`Text at ${testament} ${number}:${at}`);
          const from = Number(heading[1]);
          lost.push({
            ...before,
            key: `lost:${number}:${at}`,
            text,
            from,
            to: Number(heading[2] ?? from),
          });
        }
        at = Math.max(at, ends.get(start) ?? start);
      }
    });
  }
  return { entryAt, entries, lost };
}

describe.runIf(fs.existsSync(moduleDirectory))(
  'the commentary against the installed module',
  () => {
    // Read when the suite runs: a suite that is not run is still collected, and its module
    // may not be there.
    let module!: ReturnType<typeof readModule>;
    beforeAll(() => {
      module = readModule();
    });

    /**
     * The entry the module gives each verse of a chapter: the one its slot points at, or (a slot
     * pointing at nothing) the one before it, or at the chapter's start the chapter heading's.
     * Where a note the index lost, or a heading's second run of verses ('Verses 24-30, 36-43'),
     * names a verse, that note is its.
     */
    function expectedEntries(bookIndex: number, chapter: number): (Entry | null)[] {
      const slots = module.entryAt[bookIndex]?.[chapter] ?? [];
      const expected: (Entry | null)[] = [null];
      let current = slots[0] ?? null;
      for (let verse = 1; verse < slots.length; verse += 1) {
        current = slots[verse] ?? current;
        expected.push(current);
      }
      for (const entry of new Set(expected)) {
        const second = /<\/hi>(?:\s*<[^>]*>)*\s*,\s*(\d+)-(\d+)/.exec(entry?.text ?? '');
        for (let verse = Number(second?.[1]); verse <= Number(second?.[2]); verse += 1) {
          expected[verse] = entry;
        }
      }
      for (const entry of module.lost) {
        if (entry.bookIndex !== bookIndex || entry.chapter !== chapter) continue;
        for (let verse = entry.from; verse <= entry.to; verse += 1) expected[verse] = entry;
      }
      return expected;
    }

    it("gives Genesis 1's verses the notes the module's index gives them", () => {
      const genesis = bookIndexOf('Genesis');
      const runs: { from: number; to: number }[] = [];
      const expected = expectedEntries(genesis, 1);
      expected.forEach((entry, verse) => {
        const run = runs.at(-1);
        if (verse === 0) return;
        if (run && expected[run.from] === entry) run.to = verse;
        else runs.push({ from: verse, to: verse });
      });
      const notes = commentaryOnChapter(genesis, 1).filter((note) => note.to > 0);
      expect(notes.map(({ from, to }) => ({ from, to }))).toEqual(runs);
      expect(runs[0]).toEqual({ from: 1, to: 2 });
      const verseTwo = module.entryAt[genesis]?.[1]?.[2];
      expect(entryWords(verseTwo?.text ?? '')).toContain(words(textOf(notes[0]!)));
    });

    it('gives every verse a note holding the text of the entry the module gives it', () => {
      for (const [bookIndex, chapter] of allChapters) {
        const notes = commentaryOnChapter(bookIndex, chapter);
        expectedEntries(bookIndex, chapter).forEach((entry, verse) => {
          if (verse === 0) return;
          const text = entryWords(entry?.text ?? '');
          const found = covering(notes, verse).some((note) => text.includes(words(textOf(note))));
          if (!entry || !found) throw new Error(`${books[bookIndex]?.name} ${chapter}:${verse}`);
        });
      }
      const john = module.entryAt[bookIndexOf('John')]?.[3];
      expect(john?.[16]).toBeNull();
      expect(john?.[1]?.text).toContain('God so loved the world');
    });

    it('holds every word of every entry the module stores, once, and nothing else', () => {
      const count = (all: string[]) => {
        const counts = new Map<string, number>();
        for (const word of all.join(' ').split(' ')) {
          if (/[A-Za-z]/.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
        }
        return counts;
      };
      const stored = [...module.entries.values(), ...module.lost];
      const paragraphs: string[] = [];
      let notes = 0;
      for (const [bookIndex, chapter] of allChapters) {
        const seen = new Set<string>();
        for (const note of commentaryOnChapter(bookIndex, chapter)) {
          const text = textOf(note);
          // A note given again on a heading's second run of verses is counted once.
          if (seen.has(text)) continue;
          seen.add(text);
          if (note.to > 0) notes += 1;
          paragraphs.push(...note.paragraphs.map(words));
        }
      }
      expect(count(paragraphs)).toEqual(count(stored.map((entry) => entryWords(entry.text))));
      // One note for each entry that is some verse's, the lost ones among them.
      const given = new Set(allChapters.flatMap(([b, c]) => expectedEntries(b, c).slice(1)));
      given.delete(null);
      expect(notes).toBe(given.size);
      expect(loadCommentary().manifest).toMatchObject({
        entries: stored.length,
        unindexedEntries: module.lost.length,
      });
    });

    it('has notes on every chapter the module comments on', () => {
      for (const [bookIndex, chapter] of allChapters) {
        const held = module.entryAt[bookIndex]?.[chapter]?.some((entry) => entry !== null);
        if (held) expect(commentaryOnChapter(bookIndex, chapter).length).toBeGreaterThan(0);
      }
    });
  },
);
