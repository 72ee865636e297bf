import { describe, expect, it } from 'vitest';
import { books } from '#shared/bible/books.ts';
import { verseCount } from '#shared/bible/verse-counts.ts';
import type { PlanReading } from '#shared/schemas/plans.ts';
import { mcheyneDays } from './mcheyne.ts';

const index = (osis: string) => books.findIndex((book) => book.osis === osis);
const psalms = index('Ps');

/** The day of the calendar a date falls on (the calendar has no 29 February). */
function dayOf(month: number, date: number): number {
  return (Date.UTC(2025, month - 1, date) - Date.UTC(2025, 0, 1)) / 86_400_000 + 1;
}

const labelsOn = (month: number, date: number) =>
  mcheyneDays()[dayOf(month, date) - 1]?.readings.map((reading) => reading.label);

/** Which column a book can be read in: family 1, family 2 or secret 2, secret 1. */
function kind(bookIndex: number): 'history' | 'gospel-psalm' | 'prophet' {
  if (bookIndex <= index('2Chr')) return 'history';
  if (bookIndex === psalms || bookIndex >= index('Matt')) return 'gospel-psalm';
  return 'prophet';
}

/** A day's readings split back into the calendar's four columns. */
function columnsOf(readings: PlanReading[]): PlanReading[][] {
  const columns: PlanReading[][] = [];
  for (const reading of readings) {
    const last = columns.at(-1);
    if (last?.[0] && kind(last[0].book_index) === kind(reading.book_index)) last.push(reading);
    else columns.push([reading]);
  }
  return columns;
}

/** 'Book chapter' for every chapter of the books from first to last (OSIS codes), in order. */
function chapters(first: string, last: string): string[] {
  return books
    .slice(index(first), index(last) + 1)
    .flatMap((book) => Array.from({ length: book.chapters }, (_, c) => `${book.name} ${c + 1}`));
}

/** The chapters a column reads over the year, in order, a chapter read in parts named once. */
function columnChapters(column: number): string[] {
  const read = mcheyneDays().flatMap((day) =>
    (columnsOf(day.readings)[column] ?? []).map((r) => `${books[r.book_index]?.name} ${r.chapter}`),
  );
  return read.filter((chapter, i) => chapter !== read[i - 1]);
}

describe("M'Cheyne's calendar", () => {
  it('has 365 days from 1 January, each with its four columns in order', () => {
    const days = mcheyneDays();
    expect(days).toHaveLength(365);
    expect(days.map((day) => day.day)).toEqual(Array.from({ length: 365 }, (_, i) => i + 1));
    for (const day of days) {
      expect(day).toMatchObject({ prompt: null, focus: null });
      const columns = columnsOf(day.readings).map((c) => kind(c[0]?.book_index ?? -1));
      expect(columns, `day ${day.day}`).toEqual([
        'history',
        'gospel-psalm',
        'prophet',
        'gospel-psalm',
      ]);
    }
  });

  it('works the days out once', () => {
    expect(mcheyneDays()).toBe(mcheyneDays());
  });

  it('reads Genesis 1, Matthew 1, Ezra 1 and Acts 1 on 1 January, and ends the year on 31 December', () => {
    expect(labelsOn(1, 1)).toEqual(['Genesis 1', 'Matthew 1', 'Ezra 1', 'Acts 1']);
    expect(labelsOn(12, 31)).toEqual(['2 Chronicles 36', 'Revelation 22', 'Malachi 4', 'John 21']);
  });

  // As published copies of the calendar read them (speric/mcheyne-api plan.json,
  // jacobr4d/mcheyne_vis mcheyne.txt, willswire/mcheyne PlanConstants.swift; 30 October also
  // paulyoder/mcheyne-bible-reading-plan), one reading a chapter or part.
  it.each([
    [2, 28, ['Exodus 11', 'Exodus 12:1–21', 'Luke 14', 'Job 29', '1 Corinthians 15']],
    [3, 1, ['Exodus 12:22–51', 'Luke 15', 'Job 30', '1 Corinthians 16']],
    [4, 1, ['Leviticus 4', 'Psalm 1', 'Psalm 2', 'Proverbs 19', 'Colossians 2']],
    [5, 11, ['Numbers 20', 'Psalm 58', 'Psalm 59', 'Isaiah 9:8–21', 'Isaiah 10:1–4', 'James 3']],
    [6, 22, ['Deuteronomy 27', 'Deuteronomy 28:1–19', 'Psalm 119:1–24', 'Isaiah 54', 'Matthew 2']],
    [8, 8, ['Ruth 1', 'Acts 26', 'Jeremiah 36', 'Jeremiah 45', 'Psalm 9']],
    [10, 4, ['1 Kings 7', 'Ephesians 4', 'Ezekiel 37', 'Psalm 87', 'Psalm 88']],
    [
      10,
      30,
      ['2 Kings 11', '2 Kings 12', '2 Timothy 2', 'Hosea 3', 'Hosea 4', 'Psalm 119:121–144'],
    ],
    [11, 21, ['1 Chronicles 16', 'James 3', 'Obadiah 1', 'Luke 5']],
    [12, 25, ['2 Chronicles 30', 'Revelation 16', 'Zechariah 12', 'Zechariah 13:1', 'John 15']],
  ])('reads on %i/%i what the calendar says', (month, date, labels) => {
    expect(labelsOn(month, date)).toEqual(labels);
  });

  // When each book begins in the columns that read some days two chapters (or parts), and where
  // the other two columns turn from one part of the Bible to the next (day/month; same sources).
  it.each([
    [
      0,
      `Exodus 18/2, Leviticus 30/3, Numbers 24/4, Deuteronomy 28/5, Joshua 29/6, Judges 18/7,
      Ruth 8/8, 1 Samuel 11/8, 2 Samuel 7/9, 1 Kings 29/9, 2 Kings 20/10, 1 Chronicles 13/11,
      2 Chronicles 2/12`,
    ],
    [1, 'Luke 14/2, John 11/3, Psalms 1/4, Acts 14/7, Revelation 10/12'],
    [
      2,
      `Nehemiah 11/1, Esther 24/1, Job 2/2, Proverbs 14/3, Ecclesiastes 14/4, Song of Solomon 26/4,
      Isaiah 4/5, Jeremiah 5/7, Lamentations 24/8, Ezekiel 29/8, Daniel 16/10, Hosea 28/10,
      Joel 9/11, Amos 12/11, Obadiah 21/11, Jonah 22/11, Micah 26/11, Nahum 3/12, Habakkuk 6/12,
      Zephaniah 9/12, Haggai 12/12, Zechariah 14/12, Malachi 28/12`,
    ],
    [3, 'Revelation 30/5, Matthew 21/6, Mark 19/7, Psalms 4/8, Luke 16/11, John 11/12'],
  ])('column %i begins each book on the day the calendar does', (column, starts) => {
    const firstDay = (name: string) =>
      mcheyneDays().find((day) =>
        columnsOf(day.readings)[column]?.some((r) => books[r.book_index]?.name === name),
      )?.day;
    for (const start of starts.split(/,\s*/)) {
      const [, name = '', date = 0, month = 0] = /^(.+) (\d+)\/(\d+)$/.exec(start) ?? [];
      expect(firstDay(name), start).toBe(dayOf(Number(month), Number(date)));
    }
  });

  // The whole table as it was compared, day by day and reading by reading, with those three
  // copies (they agree on every day): a change to any day changes this digest, and must be
  // checked against the calendar again.
  it('is, day by day, the table checked against published copies of the calendar', async () => {
    const table = mcheyneDays()
      .map((day) => day.readings.map((reading) => reading.label).join('; '))
      .join('\n');
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(table));
    const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
    expect(hex).toBe('2008e58a3828f766ff45ed8f0d798f16ca109893136f5b62dcac0115c682e0df');
  });

  it('reads each column through its books in the calendar order', () => {
    const gospels = chapters('Matt', 'John');
    const actsToRevelation = chapters('Acts', 'Rev');
    const thePsalms = chapters('Ps', 'Ps');
    // Secret reading goes from Ezra to Malachi but the Psalms, reading Jeremiah 45 with 36.
    const prophets = [...chapters('Ezra', 'Job'), ...chapters('Prov', 'Mal')]
      .filter((chapter) => chapter !== 'Jeremiah 45')
      .flatMap((chapter) => (chapter === 'Jeremiah 36' ? [chapter, 'Jeremiah 45'] : [chapter]));

    expect(columnChapters(0)).toEqual(chapters('Gen', '2Chr'));
    expect(columnChapters(1)).toEqual([...gospels, ...thePsalms, ...actsToRevelation]);
    expect(columnChapters(2)).toEqual(prophets);
    expect(columnChapters(3)).toEqual([
      ...actsToRevelation,
      ...chapters('Matt', 'Mark'),
      ...thePsalms,
      ...chapters('Luke', 'John'),
    ]);
  });

  it('reads every verse of the Old Testament once, and of the New Testament and the Psalms twice', () => {
    const times = books.map((_, b) =>
      Array.from({ length: books[b]?.chapters ?? 0 }, (_, c) =>
        new Array<number>(verseCount(b, c + 1)).fill(0),
      ),
    );
    for (const { book_index: book, chapter, verses } of mcheyneDays().flatMap((d) => d.readings)) {
      const [first, last] = verses ? verses.split('-').map(Number) : [1, verseCount(book, chapter)];
      for (let verse = first ?? 1; verse <= (last ?? 0); verse++) {
        const chapterTimes = times[book]?.[chapter - 1];
        if (chapterTimes) chapterTimes[verse - 1] = (chapterTimes[verse - 1] ?? 0) + 1;
      }
    }
    const wrong = times.flatMap((bookTimes, b) =>
      bookTimes.flatMap((chapterTimes, c) => {
        const expected = b === psalms || b >= index('Matt') ? 2 : 1;
        const off = chapterTimes.findIndex((n) => n !== expected);
        return off < 0 ? [] : [`${books[b]?.name} ${c + 1}:${off + 1} ${chapterTimes[off]}×`];
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('names every chapter of the Bible, and no chapter or verse outside its book', () => {
    const readings = mcheyneDays().flatMap((day) => day.readings);
    expect(new Set(readings.map((r) => `${r.book_index} ${r.chapter}`)).size).toBe(1189);
    for (const reading of readings) {
      const book = books[reading.book_index];
      expect(book, reading.label).toBeDefined();
      const verses = verseCount(reading.book_index, reading.chapter);
      expect(verses, reading.label).toBeGreaterThan(0);
      const name = reading.book_index === psalms ? 'Psalm' : book?.name;
      if (reading.verses === null) {
        expect(reading.label).toBe(`${name} ${reading.chapter}`);
        continue;
      }
      const [, first = 0, last = 0] = (/^(\d+)-(\d+)$/.exec(reading.verses) ?? []).map(Number);
      // A part is a true part: within the chapter, and never the whole of it.
      expect(first, reading.label).toBeGreaterThanOrEqual(1);
      expect(last, reading.label).toBeGreaterThanOrEqual(first);
      expect(last, reading.label).toBeLessThanOrEqual(verses);
      expect(last - first + 1, reading.label).toBeLessThan(verses);
      const range = first === last ? `${first}` : `${first}–${last}`;
      expect(reading.label).toBe(`${name} ${reading.chapter}:${range}`);
    }
  });
});
