/** The 66 books of the Protestant canon in order, with OSIS codes and chapter counts (spec §3). */
export const books = [
  { name: 'Genesis', osis: 'Gen', chapters: 50 },
  { name: 'Exodus', osis: 'Exod', chapters: 40 },
  { name: 'Leviticus', osis: 'Lev', chapters: 27 },
  { name: 'Numbers', osis: 'Num', chapters: 36 },
  { name: 'Deuteronomy', osis: 'Deut', chapters: 34 },
  { name: 'Joshua', osis: 'Josh', chapters: 24 },
  { name: 'Judges', osis: 'Judg', chapters: 21 },
  { name: 'Ruth', osis: 'Ruth', chapters: 4 },
  { name: '1 Samuel', osis: '1Sam', chapters: 31 },
  { name: '2 Samuel', osis: '2Sam', chapters: 24 },
  { name: '1 Kings', osis: '1Kgs', chapters: 22 },
  { name: '2 Kings', osis: '2Kgs', chapters: 25 },
  { name: '1 Chronicles', osis: '1Chr', chapters: 29 },
  { name: '2 Chronicles', osis: '2Chr', chapters: 36 },
  { name: 'Ezra', osis: 'Ezra', chapters: 10 },
  { name: 'Nehemiah', osis: 'Neh', chapters: 13 },
  { name: 'Esther', osis: 'Esth', chapters: 10 },
  { name: 'Job', osis: 'Job', chapters: 42 },
  { name: 'Psalms', osis: 'Ps', chapters: 150 },
  { name: 'Proverbs', osis: 'Prov', chapters: 31 },
  { name: 'Ecclesiastes', osis: 'Eccl', chapters: 12 },
  { name: 'Song of Solomon', osis: 'Song', chapters: 8 },
  { name: 'Isaiah', osis: 'Isa', chapters: 66 },
  { name: 'Jeremiah', osis: 'Jer', chapters: 52 },
  { name: 'Lamentations', osis: 'Lam', chapters: 5 },
  { name: 'Ezekiel', osis: 'Ezek', chapters: 48 },
  { name: 'Daniel', osis: 'Dan', chapters: 12 },
  { name: 'Hosea', osis: 'Hos', chapters: 14 },
  { name: 'Joel', osis: 'Joel', chapters: 3 },
  { name: 'Amos', osis: 'Amos', chapters: 9 },
  { name: 'Obadiah', osis: 'Obad', chapters: 1 },
  { name: 'Jonah', osis: 'Jonah', chapters: 4 },
  { name: 'Micah', osis: 'Mic', chapters: 7 },
  { name: 'Nahum', osis: 'Nah', chapters: 3 },
  { name: 'Habakkuk', osis: 'Hab', chapters: 3 },
  { name: 'Zephaniah', osis: 'Zeph', chapters: 3 },
  { name: 'Haggai', osis: 'Hag', chapters: 2 },
  { name: 'Zechariah', osis: 'Zech', chapters: 14 },
  { name: 'Malachi', osis: 'Mal', chapters: 4 },
  { name: 'Matthew', osis: 'Matt', chapters: 28 },
  { name: 'Mark', osis: 'Mark', chapters: 16 },
  { name: 'Luke', osis: 'Luke', chapters: 24 },
  { name: 'John', osis: 'John', chapters: 21 },
  { name: 'Acts', osis: 'Acts', chapters: 28 },
  { name: 'Romans', osis: 'Rom', chapters: 16 },
  { name: '1 Corinthians', osis: '1Cor', chapters: 16 },
  { name: '2 Corinthians', osis: '2Cor', chapters: 13 },
  { name: 'Galatians', osis: 'Gal', chapters: 6 },
  { name: 'Ephesians', osis: 'Eph', chapters: 6 },
  { name: 'Philippians', osis: 'Phil', chapters: 4 },
  { name: 'Colossians', osis: 'Col', chapters: 4 },
  { name: '1 Thessalonians', osis: '1Thess', chapters: 5 },
  { name: '2 Thessalonians', osis: '2Thess', chapters: 3 },
  { name: '1 Timothy', osis: '1Tim', chapters: 6 },
  { name: '2 Timothy', osis: '2Tim', chapters: 4 },
  { name: 'Titus', osis: 'Titus', chapters: 3 },
  { name: 'Philemon', osis: 'Phlm', chapters: 1 },
  { name: 'Hebrews', osis: 'Heb', chapters: 13 },
  { name: 'James', osis: 'Jas', chapters: 5 },
  { name: '1 Peter', osis: '1Pet', chapters: 5 },
  { name: '2 Peter', osis: '2Pet', chapters: 3 },
  { name: '1 John', osis: '1John', chapters: 5 },
  { name: '2 John', osis: '2John', chapters: 1 },
  { name: '3 John', osis: '3John', chapters: 1 },
  { name: 'Jude', osis: 'Jude', chapters: 1 },
  { name: 'Revelation', osis: 'Rev', chapters: 22 },
] as const;

export type BookName = (typeof books)[number]['name'];

/**
 * Common short forms that are neither OSIS codes nor unique beginnings of a book's name. A Map,
 * not an object literal: input such as 'constructor' must find nothing (issue 20).
 */
const extraAliases = new Map<string, BookName>([
  ['psalm', 'Psalms'],
  ['jn', 'John'],
  ['mk', 'Mark'],
  ['mr', 'Mark'],
  ['lk', 'Luke'],
  ['mt', 'Matthew'],
  ['songofsongs', 'Song of Solomon'],
  ['canticles', 'Song of Solomon'],
  ['revelations', 'Revelation'],
  ['phil', 'Philippians'],
  ['judg', 'Judges'],
]);

function normalise(name: string): string {
  return name.toLowerCase().replace(/[\s.]+/g, '');
}

const normalisedNames = books.map((book) => normalise(book.name));

/**
 * The index of a book named by its full name, OSIS code ('1Cor', 'Ps'), a common short form
 * ('jn', 'psalm') or any beginning of its name that fits only one book ('gen', 'rev',
 * '1 cor'), in any case and spacing; -1 when it names no book or more than one.
 */
export function findBookIndex(name: string): number {
  const wanted = normalise(name.trim());
  if (wanted === '') return -1;
  const exact = normalisedNames.indexOf(wanted);
  if (exact >= 0) return exact;
  const byOsis = books.findIndex((book) => book.osis.toLowerCase() === wanted);
  if (byOsis >= 0) return byOsis;
  const alias = extraAliases.get(wanted);
  if (alias) return normalisedNames.indexOf(normalise(alias));
  if (wanted.length < 2) return -1;
  const matches = normalisedNames.flatMap((bookName, index) =>
    bookName.startsWith(wanted) ? [index] : [],
  );
  return matches.length === 1 ? (matches[0] ?? -1) : -1;
}

export function findBookByOsis(osis: string): (typeof books)[number] | undefined {
  return books.find((book) => book.osis === osis);
}
