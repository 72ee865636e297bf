import { books, type BookName } from './books.ts';

/**
 * Short forms people type that are neither OSIS codes nor the one book a beginning of a name
 * fits: the usual two- and three-letter abbreviations and other names of a book. A beginning
 * several books share ('jo', 'ez', 'samuel') stays out: it names no book. Keys are written as
 * `normalise` leaves them. A Map, not an object literal: input such as 'constructor' must find
 * nothing.
 */
const shortForms = new Map<string, BookName>([
  ['gn', 'Genesis'],
  ['lv', 'Leviticus'],
  ['nm', 'Numbers'],
  ['dt', 'Deuteronomy'],
  ['jsh', 'Joshua'],
  ['jg', 'Judges'],
  ['jdg', 'Judges'],
  ['jdgs', 'Judges'],
  ['judg', 'Judges'],
  ['rt', 'Ruth'],
  ['rth', 'Ruth'],
  ['1sm', '1 Samuel'],
  ['2sm', '2 Samuel'],
  ['1kg', '1 Kings'],
  ['2kg', '2 Kings'],
  ['jb', 'Job'],
  ['psalm', 'Psalms'],
  ['pss', 'Psalms'],
  ['pslm', 'Psalms'],
  ['psm', 'Psalms'],
  ['prv', 'Proverbs'],
  ['qoh', 'Ecclesiastes'],
  ['qoheleth', 'Ecclesiastes'],
  ['ss', 'Song of Solomon'],
  ['sos', 'Song of Solomon'],
  ['sg', 'Song of Solomon'],
  ['sng', 'Song of Solomon'],
  ['songs', 'Song of Solomon'],
  ['songofsongs', 'Song of Solomon'],
  ['solomon', 'Song of Solomon'],
  ['canticles', 'Song of Solomon'],
  ['jr', 'Jeremiah'],
  ['ezk', 'Ezekiel'],
  ['dn', 'Daniel'],
  ['jl', 'Joel'],
  ['jnh', 'Jonah'],
  ['zp', 'Zephaniah'],
  ['hg', 'Haggai'],
  ['zc', 'Zechariah'],
  ['mt', 'Matthew'],
  ['mk', 'Mark'],
  ['mr', 'Mark'],
  ['lk', 'Luke'],
  ['jn', 'John'],
  ['jhn', 'John'],
  ['actsoftheapostles', 'Acts'],
  ['rm', 'Romans'],
  ['phil', 'Philippians'],
  ['php', 'Philippians'],
  ['phm', 'Philemon'],
  ['hb', 'Hebrews'],
  ['jm', 'James'],
  ['1pt', '1 Peter'],
  ['2pt', '2 Peter'],
  ['1jn', '1 John'],
  ['2jn', '2 John'],
  ['3jn', '3 John'],
  ['1jhn', '1 John'],
  ['2jhn', '2 John'],
  ['3jhn', '3 John'],
  ['jd', 'Jude'],
  ['rv', 'Revelation'],
  ['revelations', 'Revelation'],
]);

/** 'First', '1st', 'I ' (and so on to three) before a book's name, as its digit. */
const ordinals: [RegExp, string][] = [
  [/^(?:iii\s|third|3rd)/, '3'],
  [/^(?:ii\s|second|2nd)/, '2'],
  [/^(?:i\s|first|1st)/, '1'],
];

/** What may come before a name without changing the book: 'The Gospel of St. John'. */
const leadingWords = /^(?:the\s+)?(?:gospel\s+(?:of|according\s+to)\s+)?(?:saint\s+|st\s+)?/;

/** Lower case, without spaces or dots, the ordinal as a digit: 'I Cor.' → '1cor'. */
function normalise(name: string): string {
  let text = name.normalize('NFKC').toLowerCase().replace(/\./g, ' ').trim();
  text = text.replace(/\s+/g, ' ').replace(leadingWords, '');
  for (const [ordinal, digit] of ordinals) text = text.replace(ordinal, digit);
  return text.replace(/\s/g, '');
}

const normalisedNames = books.map((book) => normalise(book.name));
const normalisedOsis = books.map((book) => book.osis.toLowerCase());
/** Names as the app writes them in its addresses ('1 John') and OSIS codes: found at once. */
const exactNames = new Map<string, number>(
  books.flatMap((book, index) => [
    [book.name, index],
    [book.osis, index],
  ]),
);

/**
 * product §5: the index of the book a name stands for: its full name, OSIS code ('1Cor', 'Ps'), a
 * common short form ('jn', 'psalm', 'song of songs', 'solomon'), or any beginning of its name
 * that fits only one book ('gen', 'rev', '1 cor'); in any case, with or without spaces and
 * dots, the number written as a digit, 'First', '1st' or 'I'. -1 when it names no book, or
 * more than one.
 */
export function findBookIndex(name: string): number {
  const exactName = exactNames.get(name);
  if (exactName !== undefined) return exactName;
  const wanted = normalise(name);
  if (wanted === '') return -1;
  const exact = normalisedNames.indexOf(wanted);
  if (exact >= 0) return exact;
  const byOsis = normalisedOsis.indexOf(wanted);
  if (byOsis >= 0) return byOsis;
  const shortForm = shortForms.get(wanted);
  if (shortForm) return normalisedNames.indexOf(normalise(shortForm));
  if (wanted.length < 2) return -1;
  const matches = normalisedNames.flatMap((bookName, index) =>
    bookName.startsWith(wanted) ? [index] : [],
  );
  return matches.length === 1 ? (matches[0] ?? -1) : -1;
}
