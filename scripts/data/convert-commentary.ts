// Converts the dump of Matthew Henry's Concise Commentary (SWORD module MHCC, Debian's
// sword-comm-mhcc, public domain; written by scripts/data/dump-mhcc.py) into
// src/server/study/data/mhcc.json (decision 023): for each chapter, its notes in order, each the
// verses it covers and its text as plain paragraphs.
// Rerunnable: `/usr/bin/python3 scripts/data/dump-mhcc.py > mhcc.jsonl` then
// `node scripts/data/convert-commentary.ts mhcc.jsonl`.
//
// How the module marks what a note covers: an entry is stored once and every verse it covers
// points at it; a verse that points at nothing continues the note before it (the module stores
// "Verse 9" with the text on verses 9 and 10, a whole-chapter note on verse 1 alone, John 3:1-21
// under "Verses 1-8"). Each entry begins with a bold "Verses 3-5" heading (left out: the note's
// verses say it) or, for a whole chapter, with a line saying what the chapter holds. What comes
// before the heading (the book's introduction, the chapter's outline) is the chapter's
// introduction: a note from verse 0 to 0, first. Two notes are stored in the text but lost from
// the index (1 Samuel 25:39-44, Psalm 95:7-11): they are placed by their headings, and the note
// before each ends where its heading says (at the verse they share).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { NoteRow } from '#server/study/commentary.ts';
import { books, findBookByOsis } from '#shared/bible/books.ts';
import { verseCount } from '#shared/bible/verse-counts.ts';

const outputFile = path.join(import.meta.dirname, '../../src/server/study/data/mhcc.json');

export type DumpEntry = {
  book: string | null;
  chapter: number;
  /** The verses whose slots point at the entry: 0 is the chapter's (or the book's) heading. */
  verses: number[];
  osis: string;
};

export type DumpHead = {
  module: string;
  description: string;
  version: string;
  debianPackage: string;
  debianVersion: string;
  licence: string;
  files: Record<string, string>;
};

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * OSIS markup → plain paragraphs: titles ('Chapter 3', 'Chapter Outline') left out, an outline's
 * row one line, references as text, entities decoded, whitespace tidied.
 */
export function paragraphsOf(markup: string): string[] {
  return markup
    .replace(/<title\b[^>]*>[\s\S]*?<\/title>/g, '\n')
    .replace(/<\/?reference\b[^>]*>/g, '')
    .replace(/<\/?cell>/g, ' ')
    .replace(/<[^>]*>/g, '\n')
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => entities[name] ?? '')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .split('\n')
    .map((line) =>
      line
        .replace(/\s+/g, ' ')
        .trim()
        // The source's verse references, 'ver. #(11-13)', and a whole-chapter note's opening dash.
        .replaceAll('#(', '(')
        .replace(/^--\s*/, ''),
    )
    .filter((line) => line !== '' && line !== 'Chapter Outline')
    .reduce<string[]>((lines, line) => {
      // An outline's verses, on a line of their own in some chapters: on the line they close.
      if (lines.length > 0 && /^\(\d[\d\s,;:-]*\)$/.test(line)) {
        lines[lines.length - 1] += ` ${line}`;
      } else lines.push(line);
      return lines;
    }, []);
}

const headingPattern = /<hi type="bold">\s*Verses?\s+(\d+)(?:\s*-\s*(\d+))?\s*<\/hi>/;
// What the source wrote after a heading's closing tag: 'Verse 1</hi> ,2' (verses 1-2), and once
// 'Verses 24-30</hi> … , 36-43' (a second run of verses, Matthew 13's explained parable).
const headingTail = /^,\s*(\d+)(?:\s*-\s*(\d+))?\s*/;
const preverseEnd = /<div type="x-milestone" subType="x-preverse" eID="[^"]*"\/>/;

type VerseRun = { from: number; to: number };

export type EntryParts = {
  /** What stands before the note: a book's introduction, a chapter's outline. */
  introduction: string[];
  note: string[];
  /** The verses the note's heading names ('Verse 1 ,2' is 1–2), when it has one. */
  heading: VerseRun | null;
  /** A second run of verses the heading names ('Verses 24-30, 36-43'). */
  alsoHeading: VerseRun | null;
};

/** Splits an entry at its 'Verses 3-5' heading, or else where its preface ends. */
export function entryParts(osis: string): EntryParts {
  const heading = headingPattern.exec(osis);
  if (heading) {
    const from = Number(heading[1]);
    let to = Math.max(from, Number(heading[2] ?? from));
    let alsoHeading: VerseRun | null = null;
    const note = paragraphsOf(osis.slice(heading.index + heading[0].length));
    const tail = headingTail.exec(note[0] ?? '');
    if (tail) {
      const first = Number(tail[1]);
      if (tail[2] === undefined && first === to + 1) to = first;
      else alsoHeading = { from: first, to: Math.max(first, Number(tail[2] ?? first)) };
      note[0] = (note[0] ?? '').slice(tail[0].length);
    }
    return {
      introduction: paragraphsOf(osis.slice(0, heading.index)),
      note: note.filter((paragraph) => paragraph !== ''),
      heading: { from, to },
      alsoHeading,
    };
  }
  const end = preverseEnd.exec(osis);
  if (end) {
    return {
      introduction: paragraphsOf(osis.slice(0, end.index)),
      note: paragraphsOf(osis.slice(end.index)),
      heading: null,
      alsoHeading: null,
    };
  }
  return { introduction: [], note: paragraphsOf(osis), heading: null, alsoHeading: null };
}

export type Manifest = {
  source: string;
  version: string;
  debianPackage: string;
  debianVersion: string;
  licence: string;
  moduleFiles: Record<string, string>;
  dumpSha256: string;
  /** Entries the module stores with any text, and of them those its index lost. */
  entries: number;
  unindexedEntries: number;
  /** Notes on verses (one an entry, and one more for each second run a heading names), and
   * chapter introductions (verse 0). */
  notes: number;
  notesRepeated: number;
  introductions: number;
  chaptersWithNotes: number;
  /** Verses no note covers. */
  versesUncovered: number;
};

export type ConvertedCommentary = {
  manifest: Manifest;
  /** books[bookIndex][chapter - 1]: the chapter's notes in order. */
  books: NoteRow[][][];
};

type Span = { from: number; to: number; part: EntryParts };

export function convertCommentary(dump: string): ConvertedCommentary {
  const lines = dump.split('\n').filter((line) => line.trim() !== '');
  const head = JSON.parse(lines[0] ?? '{}') as DumpHead;
  if (head.module !== 'MHCC') throw new Error('Not a dump of the MHCC module.');
  const entries = lines.slice(1).map((line) => JSON.parse(line) as DumpEntry);

  type Chapter = {
    introduction: string[];
    /** The entry each verse's slot points at (index into `parts`), -1 for none. */
    owners: number[];
    lost: EntryParts[];
  };
  const chapters: Chapter[][] = books.map((book, bookIndex) =>
    Array.from({ length: book.chapters }, (_, index) => ({
      introduction: [],
      owners: Array.from({ length: verseCount(bookIndex, index + 1) + 1 }, () => -1),
      lost: [],
    })),
  );
  const parts: EntryParts[] = [];
  let withText = 0;
  let unindexed = 0;
  for (const entry of entries) {
    const split = entryParts(entry.osis);
    const empty = split.introduction.length === 0 && split.note.length === 0;
    if (entry.book === null) {
      if (!empty) throw new Error('The module heading holds text.');
      continue;
    }
    const book = findBookByOsis(entry.book);
    if (!book) throw new Error(`Unknown book ${entry.book}`);
    if (empty) continue;
    withText += 1;
    const bookIndex = books.indexOf(book);
    // A book's heading: its text opens the first chapter's introduction.
    const chapter = chapters[bookIndex]?.[Math.max(entry.chapter, 1) - 1];
    if (!chapter) throw new Error(`Unknown chapter ${entry.book} ${entry.chapter}`);
    if (entry.chapter === 0) {
      chapter.introduction.push(...split.introduction, ...split.note);
      continue;
    }
    if (entry.verses.length === 0) {
      if (!split.heading)
        throw new Error(`A lost entry in ${entry.book} ${entry.chapter} has no heading`);
      unindexed += 1;
      chapter.lost.push(split);
      continue;
    }
    parts.push(split);
    for (const verse of entry.verses) {
      if (verse >= chapter.owners.length) {
        throw new Error(`${entry.book} ${entry.chapter}:${verse} is past the chapter's end`);
      }
      chapter.owners[verse] = parts.length - 1;
    }
  }

  let notes = 0;
  let introductions = 0;
  let chaptersWithNotes = 0;
  let versesUncovered = 0;
  let repeated = 0;
  const converted = chapters.map((bookChapters, bookIndex) =>
    bookChapters.map((chapter, chapterIndex) => {
      const where = `${books[bookIndex]?.name} ${chapterIndex + 1}`;
      const { owners } = chapter;
      const last = owners.length - 1;
      const introduction = [...chapter.introduction];
      // The chapter's heading slot: its text is the introduction, or (Leviticus 19, Psalm 108)
      // a note on the whole chapter, whose verses point at nothing.
      const headingOwner = owners[0] ?? -1;
      const headingPart = parts[headingOwner];
      const headingCovers = !!headingPart?.note.length && (owners[1] ?? -1) < 0;
      if (headingPart) {
        introduction.push(...headingPart.introduction);
        if (!headingCovers) introduction.push(...headingPart.note);
      }
      const spans: Span[] = [];
      const seen = new Set<number>();
      for (let verse = 1; verse <= last; verse += 1) {
        const owner = owners[verse] ?? -1;
        const previous = spans.at(-1);
        if (owner < 0) {
          // Nothing of its own: the note before goes on.
          if (previous) previous.to = verse;
          else if (headingPart && headingCovers) {
            spans.push({ from: verse, to: verse, part: headingPart });
          } else versesUncovered += 1;
          continue;
        }
        if (owner === headingOwner) throw new Error(`${where}: the heading's entry is on a verse`);
        if (owners[verse - 1] === owner && previous) {
          previous.to = verse;
          continue;
        }
        const part = parts[owner];
        if (!part || seen.has(owner)) throw new Error(`${where}: an entry is split`);
        seen.add(owner);
        introduction.push(...part.introduction);
        spans.push({ from: verse, to: verse, part });
      }
      // A lost entry: where its heading says, the note before it ending at the verse they share.
      for (const lost of chapter.lost) {
        const { from, to } = lost.heading ?? { from: 0, to: 0 };
        const index = spans.findIndex((span) => span.from <= from && from <= span.to);
        const before = spans[index];
        const next = spans[index + 1];
        if (!before || (next && next.from <= to) || from < 1 || to > last) {
          throw new Error(`${where}: a lost entry does not fit`);
        }
        before.to = Math.max(before.from, from);
        spans.splice(index + 1, 0, { from, to, part: lost });
      }
      // A heading naming a second run of verses that point at nothing: the note is given there
      // too, rather than the note before running on over them.
      for (const span of [...spans]) {
        const also = span.part.alsoHeading;
        if (!also) continue;
        const index = spans.findIndex((other) => other.from < also.from && also.from <= other.to);
        const before = spans[index];
        const empty = owners.slice(also.from, also.to + 1).every((owner) => owner < 0);
        if (!before || before.to !== also.to || !empty) {
          throw new Error(`${where}: a heading's second run of verses does not fit`);
        }
        before.to = also.from - 1;
        spans.splice(index + 1, 0, { from: also.from, to: also.to, part: span.part });
        repeated += 1;
      }
      const rows: NoteRow[] = [];
      if (introduction.length > 0) {
        rows.push([0, 0, ...introduction]);
        introductions += 1;
      }
      for (const span of spans) {
        if (span.part.note.length === 0) throw new Error(`${where}: a note without text`);
        rows.push([span.from, span.to, ...span.part.note]);
      }
      notes += spans.length;
      if (rows.length > 0) chaptersWithNotes += 1;
      return rows;
    }),
  );
  return {
    manifest: {
      source: `${head.description}, SWORD module ${head.module} (Debian ${head.debianPackage})`,
      version: head.version,
      debianPackage: head.debianPackage,
      debianVersion: head.debianVersion,
      licence: head.licence,
      moduleFiles: head.files,
      dumpSha256: createHash('sha256').update(dump).digest('hex'),
      entries: withText,
      unindexedEntries: unindexed,
      notes,
      notesRepeated: repeated,
      introductions,
      chaptersWithNotes,
      versesUncovered,
    },
    books: converted,
  };
}

/** The committed file: the manifest, then one line a chapter (so a change diffs by chapter). */
export function serializeCommentary({ manifest, books: converted }: ConvertedCommentary): string {
  const bookLines = converted.map(
    (chapters) => `[\n${chapters.map((rows) => JSON.stringify(rows)).join(',\n')}\n]`,
  );
  return `{"manifest":${JSON.stringify(manifest, null, 2)},\n"books":[\n${bookLines.join(',\n')}\n]}\n`;
}

if (import.meta.main) {
  const dumpFile = process.argv[2];
  if (!dumpFile) {
    console.error('Usage: node scripts/data/convert-commentary.ts <mhcc.jsonl>');
    process.exit(2);
  }
  const converted = convertCommentary(fs.readFileSync(dumpFile, 'utf8'));
  const text = serializeCommentary(converted);
  fs.writeFileSync(outputFile, text);
  console.log(converted.manifest, `${Buffer.byteLength(text)} bytes`);
}
