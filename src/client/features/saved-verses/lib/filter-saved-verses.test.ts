import { describe, expect, it } from 'vitest';
import { demoSavedVerses } from '#shared/content/demo-verses.ts';
import { findVerseThemes, hasVerseTheme } from '#shared/content/verse-themes.ts';
import {
  filterDemoVerses,
  matchesSearch,
  normaliseSearchTerm,
  parseThemeChip,
  themeChips,
  type ThemeChip,
} from './filter-saved-verses.ts';

type Verse = {
  id: string;
  text: string;
  reference: string;
  theme: string;
  emotion_tag: string | null;
};

function verse(id: string, fields: Omit<Verse, 'id'>): Verse {
  return { id, ...fields };
}

// Newest first, as the API answers.
const verses = [
  verse('peace', {
    text: 'Peace I leave with you, my peace I give unto you.',
    reference: 'John 14:27',
    theme: 'Peace',
    emotion_tag: null,
  }),
  verse('hope', {
    text: 'Now the God of hope fill you with all joy.',
    reference: 'Romans 15:13',
    theme: 'Hope',
    emotion_tag: 'hopeful',
  }),
  verse('anxious', {
    text: 'Be careful for nothing.',
    reference: 'Philippians 4:6',
    theme: 'Bible Reading',
    emotion_tag: 'Anxious',
  }),
  verse('daily', {
    text: 'Be strong and of a good courage.',
    reference: 'Joshua 1:9',
    theme: 'Courage and Strength',
    emotion_tag: 'daily verse',
  }),
  verse('beloved', {
    text: 'Beloved, if God so loved us, we ought also to love one another.',
    reference: '1 John 4:11',
    theme: 'Bible Reading',
    emotion_tag: 'beloved',
  }),
];

const ids = (list: { id: string }[]) => list.map((item) => item.id);

/** A chip as the server applies it to a member's saved verses (decision 012). */
const matchesThemeChip = (item: Omit<Verse, 'id'>, chip: ThemeChip) =>
  chip === 'All' || hasVerseTheme(item, chip);
const all = ['peace', 'hope', 'anxious', 'daily', 'beloved'];

describe('matchesSearch', () => {
  it('matches everything when the term is empty or blank', () => {
    expect(verses.every((item) => matchesSearch(item, ''))).toBe(true);
    expect(verses.every((item) => matchesSearch(item, '  \t'))).toBe(true);
  });

  it('matches a substring of the text, whatever the case', () => {
    expect(ids(verses.filter((item) => matchesSearch(item, 'CAREFUL')))).toEqual(['anxious']);
    expect(ids(verses.filter((item) => matchesSearch(item, 'peace i')))).toEqual(['peace']);
  });

  it('matches a substring of the reference', () => {
    expect(ids(verses.filter((item) => matchesSearch(item, 'romans 15')))).toEqual(['hope']);
    expect(ids(verses.filter((item) => matchesSearch(item, '4:')))).toEqual([
      'peace',
      'anxious',
      'beloved',
    ]);
  });

  it('matches a substring of the emotion tag, and copes with none', () => {
    expect(ids(verses.filter((item) => matchesSearch(item, 'anxious')))).toEqual(['anxious']);
    expect(ids(verses.filter((item) => matchesSearch(item, 'daily')))).toEqual(['daily']);
  });

  it('does not search the theme (product §5: text, reference and emotion tag only)', () => {
    expect(ids(verses.filter((item) => matchesSearch(item, 'bible reading')))).toEqual([]);
  });

  it('ignores surrounding spaces but not inner ones', () => {
    expect(ids(verses.filter((item) => matchesSearch(item, '  joshua  ')))).toEqual(['daily']);
    expect(ids(verses.filter((item) => matchesSearch(item, 'josh ua')))).toEqual([]);
  });
});

describe('matchesThemeChip', () => {
  const matching = (chip: ThemeChip) => ids(verses.filter((item) => matchesThemeChip(item, chip)));

  it("keeps everything for 'All'", () => {
    expect(matching('All')).toEqual(all);
  });

  it('matches the theme, whatever the case', () => {
    expect(matching('Peace')).toContain('peace');
    expect(matchesThemeChip({ ...verses[0]!, theme: 'PEACE' }, 'Peace')).toBe(true);
  });

  it('matches the emotion tag, and the start of a word in either field', () => {
    expect(matching('Hope')).toEqual(['hope']);
    expect(matchesThemeChip({ ...verses[2]!, emotion_tag: 'hopeful' }, 'Hope')).toBe(true);
    expect(matching('Strength')).toEqual(['daily']);
    expect(matchesThemeChip({ ...verses[2]!, emotion_tag: 'joyful' }, 'Joy')).toBe(true);
  });

  it('does not match inside a word or in the text', () => {
    expect(matching('Love')).toEqual([]);
    const unchosen = {
      text: 'And thou shalt rejoice in the joy and peace and comfort of it.',
      reference: 'Leviticus 4:10',
      theme: 'Bible Reading',
      emotion_tag: 'beloved',
    };
    for (const chip of ['Love', 'Joy', 'Peace', 'Comfort'] as const) {
      expect(matchesThemeChip(unchosen, chip), chip).toBe(false);
    }
  });
});

describe('matchesThemeChip by the themes of the verse', () => {
  const chipsOf = (item: Omit<Verse, 'id'>) =>
    themeChips.filter((chip) => chip !== 'All' && matchesThemeChip(item, chip));

  it('shows a verse saved for a feeling under the chips that answer it', () => {
    const anxious = {
      text: 'Be careful for nothing.',
      reference: 'Philippians 4:6-7',
      theme: 'anxious',
      emotion_tag: 'anxious',
    };
    expect(chipsOf(anxious)).toEqual(['Peace', 'Comfort']);
    expect(
      chipsOf({ ...anxious, reference: 'Psalms 27:10', theme: 'lonely', emotion_tag: 'lonely' }),
    ).toEqual(['Love', 'Comfort']);
  });

  it('shows a verse saved from the reader under the themes of its verse', () => {
    const reader = (reference: string) => ({
      text: 'The words.',
      reference,
      theme: 'Bible Reading',
      emotion_tag: null,
    });
    expect(chipsOf(reader('Isaiah 26:3'))).toEqual(['Peace', 'Comfort']);
    expect(chipsOf(reader('Isaiah 40:31'))).toEqual(['Strength', 'Hope']);
    expect(chipsOf(reader('John 3:16'))).toEqual(['Love']);
    expect(chipsOf(reader('Psalms 23:4'))).toContain('Comfort');
    expect(chipsOf(reader('Psalms 118:24'))).toEqual(['Joy']);
    expect(chipsOf(reader('Leviticus 4:10'))).toEqual([]);
  });
});

describe("a visitor's examples", () => {
  it('carry the chips the rule finds for them', () => {
    for (const example of demoSavedVerses) {
      expect([...example.themes].sort(), example.id).toEqual(findVerseThemes(example).sort());
    }
  });

  it('are found by their own chips and the search together, in their order', () => {
    const found = (search: string, theme: ThemeChip) =>
      ids(filterDemoVerses(demoSavedVerses, { search, theme }));
    expect(found('', 'All')).toEqual(['demo-philippians-4-13', 'demo-jeremiah-29-11']);
    expect(found('', 'Strength')).toEqual(['demo-philippians-4-13']);
    expect(found('', 'Hope')).toEqual(['demo-jeremiah-29-11']);
    expect(found('', 'Peace')).toEqual(['demo-philippians-4-13', 'demo-jeremiah-29-11']);
    expect(found('JEREMIAH', 'Peace')).toEqual(['demo-jeremiah-29-11']);
    expect(found('jeremiah', 'Strength')).toEqual([]);
    expect(found('', 'Joy')).toEqual([]);
  });
});

describe('parseThemeChip', () => {
  it('reads a chip in any case, else All', () => {
    expect(parseThemeChip('hope')).toBe('Hope');
    expect(parseThemeChip(' JOY ')).toBe('Joy');
    expect(parseThemeChip('all')).toBe('All');
    expect(parseThemeChip('Faith')).toBe('All');
    expect(parseThemeChip(null)).toBe('All');
  });

  it('knows the seven chips of product §2', () => {
    expect(themeChips).toEqual(['All', 'Peace', 'Strength', 'Hope', 'Love', 'Comfort', 'Joy']);
  });
});

describe('normaliseSearchTerm', () => {
  it('trims and lower-cases', () => {
    expect(normaliseSearchTerm('  Anxious ')).toBe('anxious');
  });
});
