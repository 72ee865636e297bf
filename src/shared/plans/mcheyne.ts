// Robert Murray M'Cheyne's calendar of daily Bible readings (1842): four readings a day, two
// for the family and two for secret reading, which take a person through the Old Testament once
// and the New Testament and the Psalms twice in a year. The calendar is a public-domain table of
// facts; this is our own compact writing of it, checked against published copies.
import { books } from '#shared/bible/books.ts';
import type { PlanDay, PlanReading } from '#shared/schemas/plans.ts';

/*
 * Each column is written as the days it reads from 1 January, in tokens separated by spaces;
 * books are named by their OSIS code (books.ts), and a code on its own sets the book the next
 * tokens read from.
 *   `Gen`          read Genesis from here on
 *   `Acts..Rev`    every chapter of Acts to Revelation (whole books), one a day, in order
 *   `1-8`          chapters 1 to 8, one a day
 *   `9`            chapter 9 on a day of its own
 *   `9+10`         chapters 9 and 10 on one day (up to three short chapters or psalms)
 *   `12:22-51`     verses 22 to 51 of chapter 12, part of a long chapter, on a day of its own or
 *                  with others (`11+12:1-21`); `13:1-1` is one verse
 */

/** The Psalms, where the calendar reads them twice: the two runs group a few psalms differently. */
function psalms(at86: string, at142: string): string {
  return `Ps 1+2 3+4 5+6 7+8 9 10 11+12 13+14 15+16 17-19 20+21 22 23+24 25 26+27 28+29 30-39
    40+41 42+43 44 45 46+47 48-51 52+53+54 55 56+57 58+59 60+61 62+63 64+65 66+67 68 69 70+71
    72-74 75+76 77 78:1-37 78:38-72 79 80 81+82 83+84 85 ${at86} 89-91 92+93 94 95+96 97+98
    99+100+101 102-107 108+109 110+111 112+113 114+115 116 117+118 119:1-24 119:25-48 119:49-72
    119:73-96 119:97-120 119:121-144 119:145-176 120+121+122 123+124+125 126+127+128 129+130+131
    132+133+134 135+136 137+138 139 140+141 ${at142}`;
}

const lukeJohn = 'Luke 1:1-38 1:39-80 2-24 John 1-21';

/** Family, first column: Genesis to 2 Chronicles. */
const family1 = `Gen 1-8 9+10 11-34 35+36 37-50
  Exod 1-10 11+12:1-21 12:22-51 13-40
  Lev 1 2+3 4-10 11+12 13-27
  Num 1-11 12+13 14-16 17+18 19-36
  Deut 1-12 13+14 15-26 27+28:1-19 28:20-68 29-32 33+34
  Josh 1-4 5+6:1-5 6:6-27 7-11 12+13 14+15 16+17 18+19 20+21 22-24
  Judg 1-9 10+11:1-11 11:12-40 12-21
  Ruth 1-2 3+4
  1Sam 1-4 5+6 7+8 9-20 21+22 23-28 29+30 31
  2Sam 1-3 4+5 6-7 8+9 10-24
  1Kgs 1-3 4+5 6-22
  2Kgs 1-10 11+12 13-25
  1Chr 1+2 3+4 5+6 7+8 9+10 11+12 13+14 15-18 19+20 21-23 24+25 26+27 28-29
  2Chr 1-2 3+4 5+6:1-11 6:12-42 7-10 11+12 13 14+15 16-18 19+20 21 22+23 24-26 27+28 29-36`;

/** Family, second column: the Gospels, the Psalms, then Acts to Revelation. */
const family2 = `Matt..Mark ${lukeJohn}
  ${psalms('86+87 88', '142+143 144 145 146+147 148 149+150')}
  Acts..Rev`;

/** Secret, first column: Ezra to Malachi but the Psalms (Jeremiah 45 is read with 36). */
const secret1 = `Ezra..Neh Esth 1-8 9+10
  Job 1-15 16+17 18-24 25+26 27-42
  Prov..Song
  Isa 1-2 3+4 5-7 8+9:1-7 9:8-21+10:1-4 10:5-34 11+12 13-16 17+18 19+20 21-66
  Jer 1-29 30+31 32-35 36+45 37-44 46-52
  Lam..Dan Hos 1-2 3+4 5+6 7-14
  Joel..Hag Zech 1-11 12+13:1-1 13:2-9 14 Mal 1-4`;

/** Secret, second column: Acts to Revelation, Matthew and Mark, the Psalms, Luke and John. */
const secret2 = `Acts..Rev Matt..Mark
  ${psalms('86 87+88', '142-145 146+147 148+149+150')}
  ${lukeJohn}`;

const bookCode = /^[1-3]?[A-Z][a-z]+$/;
const bookRange = /^([1-3]?[A-Z][a-z]+)\.\.([1-3]?[A-Z][a-z]+)$/;
const chapterRun = /^(\d+)-(\d+)$/;
const chapterPart = /^(\d+)(?::(\d+)-(\d+))?$/;

function bookIndex(osis: string): number {
  const index = books.findIndex((book) => book.osis === osis);
  if (index < 0) throw new Error(`M'Cheyne table: no book ${osis}`);
  return index;
}

const psalmsIndex = bookIndex('Ps');

/** A chapter, or verses first to last of it; a single psalm is named 'Psalm 23'. */
function reading(book: number, chapter: number, first?: number, last?: number): PlanReading {
  const name = book === psalmsIndex ? 'Psalm' : (books[book]?.name ?? '');
  if (first === undefined || last === undefined) {
    return { book_index: book, chapter, verses: null, label: `${name} ${chapter}` };
  }
  const range = first === last ? `${first}` : `${first}–${last}`;
  return {
    book_index: book,
    chapter,
    verses: `${first}-${last}`,
    label: `${name} ${chapter}:${range}`,
  };
}

/** One column's days, each the readings of that day in order. */
function columnDays(text: string): PlanReading[][] {
  const days: PlanReading[][] = [];
  let book = -1;
  const wholeChapters = (from: number, to: number) => {
    for (let chapter = from; chapter <= to; chapter++) days.push([reading(book, chapter)]);
  };
  for (const token of text.trim().split(/\s+/)) {
    const range = bookRange.exec(token);
    const run = chapterRun.exec(token);
    if (range) {
      const last = bookIndex(range[2] ?? '');
      for (book = bookIndex(range[1] ?? ''); book <= last; book++) {
        wholeChapters(1, books[book]?.chapters ?? 0);
      }
      book = last;
    } else if (bookCode.test(token)) {
      book = bookIndex(token);
    } else if (run) {
      wholeChapters(Number(run[1]), Number(run[2]));
    } else {
      days.push(
        token.split('+').map((part) => {
          const match = chapterPart.exec(part);
          if (!match) throw new Error(`M'Cheyne table: cannot read ${token}`);
          const [, chapter, first, last] = match;
          return first === undefined
            ? reading(book, Number(chapter))
            : reading(book, Number(chapter), Number(first), Number(last));
        }),
      );
    }
  }
  return days;
}

let cached: PlanDay[] | undefined;

/**
 * The calendar's 365 days, day 1 being 1 January (29 February has no readings of its own), each
 * day's readings in the calendar's column order: family, family, secret, secret. A column that
 * reads two short chapters or part of a long one on a day gives one reading for each, so a day
 * can have more than four. Worked out once; callers must not change what it returns.
 */
export function mcheyneDays(): PlanDay[] {
  if (cached) return cached;
  const columns = [family1, family2, secret1, secret2].map(columnDays);
  if (columns.some((column) => column.length !== 365)) {
    throw new Error(`M'Cheyne table: columns of ${columns.map((c) => c.length).join(', ')} days`);
  }
  cached = Array.from({ length: 365 }, (_, index) => ({
    day: index + 1,
    readings: columns.flatMap((column) => column[index] ?? []),
    prompt: null,
    focus: null,
  }));
  return cached;
}
