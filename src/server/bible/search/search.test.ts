import { describe, expect, it } from 'vitest';
import { loadKingJamesVersion } from '#server/bible/kjv.ts';
import { books } from '#shared/bible/books.ts';
import type { SearchResponse } from '#shared/schemas/bible.ts';
import { getSearchIndex, verseContent } from './inverted-index.ts';
import { searchBible } from './search.ts';
import { stem } from './stem.ts';
import { wordsOf } from './words.ts';

const index = getSearchIndex(loadKingJamesVersion());

function search(q: string, limit = 50, offset = 0): SearchResponse {
  return searchBible(index, { q, limit, offset });
}

function references(response: SearchResponse): string[] {
  return response.results.map((result) => result.reference);
}

/** Every verse of the KJV as plain text, for brute-force checks. */
const allVerses = Array.from({ length: index.verseCount }, (_, verse) =>
  verseContent(index, verse),
);

function referenceOf(verse: number): string {
  const book = books[index.verseBook[verse] ?? 0]?.name;
  return `${book} ${index.verseChapter[verse]}:${index.verseNumber[verse]}`;
}

describe('searchBible: references', () => {
  it.each(['John 3:16', 'jn 3 16', 'jn3:16', 'JOHN 3:16', 'John 3:16 KJV'])(
    'resolves %j to John 3:16',
    (q) => {
      const response = search(q);
      expect(response.kind).toBe('reference');
      expect(response.total).toBe(1);
      expect(response.results).toEqual([
        {
          reference: 'John 3:16',
          book: 'John',
          chapter: 3,
          verse: 16,
          content: expect.stringMatching(/^For God so loved the world/),
          highlights: [],
        },
      ]);
    },
  );

  it('resolves ps23 to the six verses of Psalm 23, in order', () => {
    const response = search('ps23');
    expect(response.kind).toBe('reference');
    expect(response.total).toBe(6);
    expect(references(response)).toEqual([1, 2, 3, 4, 5, 6].map((v) => `Psalms 23:${v}`));
    expect(response.results[0]?.content).toBe('The LORD is my shepherd; I shall not want.');
  });

  it("resolves '1 cor 13:4-7' to four verses", () => {
    const response = search('1 cor 13:4-7');
    expect(response.kind).toBe('reference');
    expect(references(response)).toEqual([4, 5, 6, 7].map((v) => `1 Corinthians 13:${v}`));
  });

  it("resolves 'Song of Solomon 2' to its 17 verses", () => {
    const response = search('Song of Solomon 2');
    expect(response.kind).toBe('reference');
    expect(response.total).toBe(17);
    expect(response.results.every((result) => result.book === 'Song of Solomon')).toBe(true);
  });

  it("takes 'acts 2' as Acts 2, because a chapter number follows the book", () => {
    const response = search('acts 2');
    expect(response.kind).toBe('reference');
    expect(response.total).toBe(47);
    expect(response.results[0]?.reference).toBe('Acts 2:1');
  });

  it('keeps the order written and pages through the passage', () => {
    expect(references(search('Rom 5:8, John 3:16'))).toEqual(['Romans 5:8', 'John 3:16']);
    const page = search('Psalms 119', 10, 170);
    expect(page.total).toBe(176);
    expect(references(page)).toEqual([171, 172, 173, 174, 175, 176].map((v) => `Psalms 119:${v}`));
    expect(search('Psalms 119', 10, 176)).toMatchObject({
      kind: 'reference',
      total: 176,
      results: [],
    });
  });

  it.each(['mark', 'job', 'acts', 'love 1 cor 13', 'I am 3'])(
    'treats %j as words to search for',
    (q) => {
      expect(search(q).kind).toBe('text');
    },
  );

  it("finds the word 'mark' for 'mark' and 'job' for 'job'", () => {
    for (const word of ['mark', 'job']) {
      const response = search(word);
      expect(response.total).toBeGreaterThan(10);
      for (const result of response.results) {
        const words = wordsOf(result.content).map((w) => stem(w));
        expect(words).toContain(stem(word));
      }
    }
  });
});

describe('searchBible: references the KJV does not have', () => {
  it.each([
    ['Genesis 51', 'Genesis has 50 chapters.'],
    ['Psalm 151', 'Psalms has 150 chapters.'],
    ['Mark 17:1', 'Mark has 16 chapters.'],
    ['john 22 5', 'John has 21 chapters.'],
    ['Jude 2:1', 'Jude has 1 chapter.'],
    ['Genesis 0', 'Genesis has 50 chapters.'],
    ['Genesis 1:40', 'Genesis 1 has 31 verses.'],
    ['gen 50:99', 'Genesis 50 has 26 verses.'],
  ])('answers %j as a missing reference, never word hits for the book: %s', (q, note) => {
    expect(search(q)).toEqual({ query: q, kind: 'missing', total: 0, results: [], note });
  });

  it('says an unknown book is unknown when no verse has the words', () => {
    expect(search('Foo 3')).toEqual({
      query: 'Foo 3',
      kind: 'missing',
      total: 0,
      results: [],
      note: 'No book of the Bible is called “Foo”.',
    });
  });

  it.each(['I am 3', 'love 1 cor 13', 'seven 7'])('still searches the words of %j', (q) => {
    const response = search(q);
    expect(response.kind).toBe('text');
    expect(response.total).toBeGreaterThan(0);
  });
});

describe('searchBible: words and stems', () => {
  it('finds every form of love for loveth, exact form first, then canonical order', () => {
    const loveStem = stem('love');
    const expected = allVerses.filter((text) => wordsOf(text).some((w) => stem(w) === loveStem));
    const response = search('loveth', 50);
    expect(response.kind).toBe('text');
    expect(response.total).toBe(expected.length);
    const withLoveth = allVerses.filter((text) => wordsOf(text).includes('loveth')).length;
    expect(withLoveth).toBeGreaterThan(50);
    for (const result of response.results) expect(wordsOf(result.content)).toContain('loveth');
    // Past the exact form: other forms, still in canonical order.
    const later = search('loveth', 20, withLoveth);
    expect(later.results[0]?.content).toBe(
      expected.find((text) => !wordsOf(text).includes('loveth')),
    );
  });

  it.each([
    ['believeth', 'believe'],
    ['goeth', 'go'],
    ['saith', 'say'],
    ['loved', 'loving'],
  ])('finds the same verses for %s and %s', (a, b) => {
    expect(search(a).total).toBe(search(b).total);
    expect(search(a).total).toBeGreaterThan(0);
  });

  it("searches for 'thee' although it is one of the commonest words", () => {
    const response = search('thee');
    const expected = allVerses.filter((text) => wordsOf(text).includes('thee')).length;
    expect(response.total).toBe(expected);
  });
});

describe('searchBible: phrases', () => {
  const loveOneAnother = /\blove\W+one\W+another\b/i;

  it('matches "love one another" word for word, and nothing with the words apart', () => {
    const response = search('"love one another"');
    const expected = allVerses.filter((text) => loveOneAnother.test(text)).length;
    expect(response.total).toBe(expected);
    expect(references(response)).toEqual(expect.arrayContaining(['John 13:34', 'John 15:12']));
    for (const result of response.results) expect(result.content).toMatch(loveOneAnother);
    // The loose query finds verses with the three words apart; the phrase must not.
    const apart = search('love one another', 50).results.filter(
      (result) => !loveOneAnother.test(result.content),
    );
    expect(apart.length).toBeGreaterThan(0);
    const phraseReferences = new Set(references(response));
    for (const result of apart) expect(phraseReferences.has(result.reference)).toBe(false);
  });

  it('keeps thee and thou inside phrases', () => {
    const response = search('"I am with thee"');
    const pattern = /\bI\W+am\W+with\W+thee\b/i;
    expect(response.total).toBe(allVerses.filter((text) => pattern.test(text)).length);
    expect(response.total).toBeGreaterThan(5);
  });

  it('ignores case and punctuation but not word forms', () => {
    expect(search('"And God said, Let there be light"').results[0]?.reference).toBe('Genesis 1:3');
    expect(search('"god so loveth the world"').total).toBe(0);
    expect(search('"xyzzy love"').total).toBe(0);
  });

  it('ranks a phrase with loose words by the loose words', () => {
    const response = search('"love one another" commandment');
    expect(response.total).toBe(search('"love one another"').total);
    expect(response.results[0]?.content).toMatch(/commandment/);
  });
});

describe('searchBible: ranking', () => {
  it("puts 1 Corinthians 13:13 first for 'faith hope charity'", () => {
    expect(search('faith hope charity').results[0]?.reference).toBe('1 Corinthians 13:13');
  });

  it("puts John 3:16 in the top 3 for 'God so loved the world'", () => {
    expect(references(search('God so loved the world', 3))).toContain('John 3:16');
  });

  it("puts John 13:34 in the top 5 for 'love one another'", () => {
    expect(references(search('love one another', 5))).toContain('John 13:34');
  });

  it('puts verses with every term before verses with some', () => {
    const { results } = search('faith hope charity', 50);
    const hasAll = results.map((result) => {
      const stems = new Set(wordsOf(result.content).map((w) => stem(w)));
      return ['faith', 'hope', 'charity'].every((w) => stems.has(stem(w)));
    });
    expect(hasAll[0]).toBe(true);
    expect(hasAll.indexOf(false)).toBeGreaterThan(0);
    expect(hasAll.slice(hasAll.indexOf(false))).not.toContain(true);
  });

  it('needs every word when all of them are common', () => {
    const response = search('son of god', 50);
    expect(response.total).toBeGreaterThan(50);
    for (const result of response.results) {
      const stems = wordsOf(result.content).map((w) => stem(w));
      expect(stems).toEqual(expect.arrayContaining(['son', 'of', 'god'].map((w) => stem(w))));
    }
  });

  it.each(['the lord', 'God so loved the world', 'faith hope charity', 'loved', 'son of man'])(
    'pages %j consistently: page by page equals one long page',
    (q) => {
      const long = references(search(q, 50, 0));
      const paged = [0, 10, 20, 30, 40].flatMap((offset) => references(search(q, 10, offset)));
      expect(paged).toEqual(long);
      const deep = search(q, 5, 2000);
      expect(deep.total).toBe(search(q).total);
    },
  );

  it.each([
    ['loveth', ['love']],
    ['faith hope charity', ['faith', 'hope', 'charity']],
  ])('pages through every verse with %j exactly once', (q, words) => {
    const stems = new Set(words.map((w) => stem(w)));
    const expected = allVerses.flatMap((text, verse) =>
      wordsOf(text).some((w) => stems.has(stem(w))) ? [referenceOf(verse)] : [],
    );
    const seen: string[] = [];
    const { total } = search(q);
    for (let offset = 0; offset < total; offset += 50) {
      seen.push(...references(search(q, 50, offset)));
    }
    expect(total).toBe(expected.length);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(new Set(seen)).toEqual(new Set(expected));
  });

  it('answers the same query the same way every time', () => {
    expect(search('fear not for I am with thee')).toEqual(search('fear not for I am with thee'));
  });
});

describe('searchBible: highlights', () => {
  function highlighted(q: string, reference: string): string[] {
    const result = search(q, 50).results.find((r) => r.reference === reference);
    if (!result) throw new Error(`${reference} is not in the first page for ${q}`);
    return result.highlights.map(([start, end]) => result.content.slice(start, end));
  }

  it('covers exactly the matched words', () => {
    expect(highlighted('faith hope charity', '1 Corinthians 13:13')).toEqual([
      'faith',
      'hope',
      'charity',
      'charity',
    ]);
    expect(highlighted('God so loved the world', 'John 3:16')).toEqual([
      'God',
      'so',
      'loved',
      'the',
      'world',
    ]);
    expect(highlighted('"love one another"', 'John 15:12')).toEqual(['love', 'one', 'another']);
    expect(highlighted('believeth', 'John 3:16')).toEqual(['believeth']);
    expect(highlighted('"the LORD is my shepherd"', 'Psalms 23:1')).toEqual([
      'The',
      'LORD',
      'is',
      'my',
      'shepherd',
    ]);
  });

  it('marks whole words of the query, in order, for many queries', () => {
    for (const q of ['loved', 'love one another', 'the lord', 'saith', 'thee thou', "God's word"]) {
      const queryStems = new Set(wordsOf(q).map((w) => stem(w)));
      for (const result of search(q, 20).results) {
        let last = 0;
        expect(result.highlights.length).toBeGreaterThan(0);
        for (const [start, end] of result.highlights) {
          expect(start).toBeGreaterThanOrEqual(last);
          expect(end).toBeGreaterThan(start);
          const word = result.content.slice(start, end);
          expect(word).toMatch(/^[A-Za-z][A-Za-z']*$/);
          expect(result.content.slice(start - 1, start)).not.toMatch(/[A-Za-z']/);
          expect(result.content.slice(end, end + 1)).not.toMatch(/[A-Za-z]/);
          expect(queryStems.has(stem(wordsOf(word)[0] ?? ''))).toBe(true);
          last = end;
        }
      }
    }
  });
});

describe('searchBible: odd input', () => {
  it.each([
    '"',
    '"""',
    '""',
    '.*+?^${}()|[]\\',
    '😀🙏',
    'naïve ﬁre',
    '\u0000\uffff',
    'x'.repeat(200),
    "'''",
    '- - -',
    '1 2 3',
    'john 999',
    'ps 151',
    'gen 1 - rev 22',
    '"love',
    'love"',
    '"the" "the" "the"',
  ])('answers %j without throwing', (q) => {
    const response = search(q);
    expect(response.total).toBeGreaterThanOrEqual(0);
    expect(response.results.length).toBeLessThanOrEqual(50);
  });

  it('folds accents and curly quotes to the KJV’s plain text', () => {
    expect(search('“love one another”').total).toBe(search('"love one another"').total);
    expect(search('Naömi').total).toBe(search('naomi').total);
    expect(search('God’s').total).toBe(search("God's").total);
  });
});
