import { describe, expect, it } from 'vitest';
import { loadKingJamesVersion } from '#server/bible/kjv.ts';
import { usesOf } from '#server/study/strongs-dictionary.ts';
import { strongsCode } from '#server/study/strongs-file.ts';
import { getSearchIndex } from './inverted-index.ts';
import { searchBible } from './search.ts';
import {
  foldTransliteration,
  shortDefinition,
  strongsNumberOf,
  transliterationMatches,
} from './strongs-search.ts';

const kjv = loadKingJamesVersion();
const index = getSearchIndex(kjv);
const search = (q: string, limit = 20, offset = 0) => searchBible(index, { q, limit, offset });
const numberOf = (code: number | undefined) =>
  code === undefined ? undefined : code > 10_000 ? `G${code - 10_000}` : `H${code}`;
const firstMatch = (word: string) => numberOf(transliterationMatches(word)[0]);

describe('foldTransliteration', () => {
  it('folds the spellings people type and the one Strong’s writes to one', () => {
    const chesed = foldTransliteration('chêsêd');
    for (const typed of ['chesed', 'hesed', 'checed', 'khesed', 'Ḥesed', 'CHESED', 'ches-ed']) {
      expect(foldTransliteration(typed), typed).toBe(chesed);
    }
    expect(foldTransliteration('agápē')).toBe('agape');
    expect(foldTransliteration('rûach')).toBe(foldTransliteration('ruach'));
    expect(foldTransliteration('rûach')).toBe(foldTransliteration('rua'));
    expect(foldTransliteration('tsaddîyq')).toBe(foldTransliteration('tzaddik'));
    expect(foldTransliteration("'ĕlôhîym")).toBe(foldTransliteration('elohim'));
    expect(foldTransliteration('Philos')).toBe('filos');
    expect(foldTransliteration('tôwrâh')).toBe(foldTransliteration('torah'));
    // The dictionaries write the Hebrew sin with a Greek omega.
    expect(foldTransliteration("yiώrâ'êl")).toBe(foldTransliteration('yisrael'));
    expect(foldTransliteration("'-- '")).toBe('');
  });
});

describe('transliterationMatches', () => {
  it.each([
    ['chesed', 'H2617'],
    ['hesed', 'H2617'],
    ['checed', 'H2617'],
    ['khesed', 'H2617'],
    ['agape', 'G26'],
    ['agapē', 'G26'],
    ['agapao', 'G25'],
    ['logos', 'G3056'],
    ['shalom', 'H7965'],
    ['ruach', 'H7307'],
    ['abba', 'G5'],
  ])('finds %s as %s first', (word, number) => {
    expect(firstMatch(word)).toBe(number);
  });

  it('finds nothing for more than one word, symbols or a word no dictionary has', () => {
    for (const query of ['chesed agape', 'H2617', '__proto__', 'constructor', 'xyzzy', 'a', '']) {
      expect(transliterationMatches(query), query).toEqual([]);
    }
  });
});

describe('strongsNumberOf', () => {
  it('reads a number in any case, with leading zeros', () => {
    expect(strongsNumberOf('H2617')).toBe('H2617');
    expect(strongsNumberOf(' h02617 ')).toBe('H2617');
    expect(strongsNumberOf('g26')).toBe('G26');
    expect(strongsNumberOf('G0')).toBe('G0');
    for (const query of ['H', 'G-1', 'H2617 OR 1=1', '2617', 'HG1', 'John 3']) {
      expect(strongsNumberOf(query), query).toBeNull();
    }
  });
});

describe('shortDefinition', () => {
  it('keeps the sense: no braces, no source word, no renderings, at most about 160 characters', () => {
    expect(
      shortDefinition(
        'From H2616; kindness; by implication (towards God) piety: - {favour} good deed {mercy}.',
      ),
    ).toBe('Kindness; by implication (towards God) piety');
    expect(
      shortDefinition('from G25; love, i.e. affection:--(feast of) charity(-ably), love.'),
    ).toBe('Love, i.e. affection');
    expect(shortDefinition('a {band} bundle6 {knot} or arch: - bunch')).toBe(
      'A band bundle, knot or arch',
    );
    const long = shortDefinition(`something said ${'and more words '.repeat(30)}:--word`);
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(/ words…$|more…$/);
  });
});

describe('searchBible: Strong’s numbers and transliterations', () => {
  it('lists the verses where a number stands, in Bible order, with the word it renders marked', () => {
    const response = search('H2617', 5);
    expect(response.kind).toBe('strongs');
    expect(response.total).toBe(usesOf(kjv, strongsCode('H2617')).verses.length);
    expect(response.strongs).toMatchObject({
      number: 'H2617',
      lemma: 'חסד',
      transliteration: 'chêsêd',
      total: response.total,
    });
    expect(response.results[0]?.reference).toBe('Genesis 19:19');
    const first = response.results[0];
    expect(first?.highlights.map(([start, end]) => first.content.slice(start, end))).toEqual([
      'mercy',
    ]);
    const all = search('H2617', 50, 0).results.map((result) => result.reference);
    expect(search('H2617', 10, 10).results.map((result) => result.reference)).toEqual(
      all.slice(10, 20),
    );
  });

  it('shows the original word for a transliteration the text does not use as a word', () => {
    for (const word of ['chesed', 'hesed', 'checed', 'khesed']) {
      expect(search(word), word).toMatchObject({ kind: 'strongs', strongs: { number: 'H2617' } });
    }
    expect(search('agape')).toMatchObject({ kind: 'strongs', strongs: { number: 'G26' } });
    expect(search('shalom')).toMatchObject({ kind: 'strongs', strongs: { number: 'H7965' } });
  });

  it('keeps the text’s own verses for a word it uses, and offers the original word beside them', () => {
    const hen = search('hen');
    expect(hen.kind).toBe('text');
    expect(hen.results.map((result) => result.reference)).toContain('Matthew 23:37');
    expect(hen.strongs_matches?.map((word) => word.number)).toContain('H2004');
    expect(search('love').strongs_matches).toBeUndefined();
  });

  it('answers a number no dictionary has with no results', () => {
    for (const query of ['H9999', 'G0', 'H99999', 'g000000']) {
      expect(search(query), query).toEqual({ query, kind: 'strongs', total: 0, results: [] });
    }
  });
});
