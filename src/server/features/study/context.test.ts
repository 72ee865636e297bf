import { describe, expect, it } from 'vitest';
import { verseContextResponseSchema } from '#shared/schemas/study-context.ts';
import { crossReferenceAttribution } from '#shared/schemas/study.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';

const t = useTestApp();

async function get(path: string, status = 200) {
  const response = await t.app.inject({ method: 'GET', url: `/api/study/${path}` });
  expect(response.statusCode, response.body).toBe(status);
  return response;
}

async function context(path: string) {
  return verseContextResponseSchema.parse((await get(path)).json());
}

describe('GET /api/study/{book}/{chapter}/{verse}/context', () => {
  it('gives a visitor the paragraph with the verse marked, its speaker and best references', async () => {
    const response = await get('John/3/16/context');
    // Kept as long as the other study answers are.
    const crossReferences = await get('John/3/16/cross-references?limit=3');
    expect(response.headers['cache-control']).toBe(crossReferences.headers['cache-control']);
    const answer = verseContextResponseSchema.parse(response.json());
    expect(answer).toMatchObject({
      reference: 'John 3:16',
      translation: 'kjv',
      book: 'John',
      chapter: 3,
      verse: 16,
      passage: 'John 3:16–17',
      speaker: 'Jesus',
      attribution: crossReferenceAttribution,
    });
    expect(answer.verses.map(({ verse, marked }) => [verse, marked])).toEqual([
      [16, true],
      [17, false],
    ]);
    expect(answer.verses[0]?.text).toMatch(/^For God so loved the world/);
    expect(answer.cross_references).toHaveLength(3);
    // The three best, as the cross-references route gives them.
    expect(answer.cross_references).toEqual(crossReferences.json().items);
  });

  it('names the speaker where the words say, and no one where they do not', async () => {
    const genesis = await context('Genesis/1/3/context');
    expect(genesis.speaker).toBe('God');
    expect(genesis.passage).toBe('Genesis 1:3–5');
    expect((await context('Jeremiah/29/11/context')).speaker).toBe('The LORD');
    const psalm = await context('Psalms/23/1/context');
    expect(psalm.speaker).toBeNull();
    expect(psalm.reference).toBe('Psalm 23:1');
    expect(psalm.verses).toHaveLength(6);
  });

  it('shows part of a long paragraph around the verse, within its chapter', async () => {
    const answer = await context('Psalms/119/105/context');
    expect(answer.verses).toHaveLength(12);
    expect(answer.verses.find((verse) => verse.marked)?.verse).toBe(105);
    expect(answer.passage).toBe('Psalm 119:100–111');
  });

  it('marks every verse of a range, and shows the paragraphs they stand in', async () => {
    const answer = await context('Philippians/4/6/context?to=7');
    expect(answer.reference).toBe('Philippians 4:6–7');
    expect(answer.verse).toBe(6);
    const marked = answer.verses.filter((verse) => verse.marked).map((verse) => verse.verse);
    expect(marked).toEqual([6, 7]);
    // A range whose end is in the next paragraph shows that paragraph too.
    const genesis = await context('Genesis/1/5/context?to=6');
    expect(genesis.verses.map((verse) => verse.verse)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(genesis.passage).toBe('Genesis 1:3–8');
    // Past the chapter's end, to its end; a long range marks twelve verses, no more.
    const psalm = await context('Psalms/23/5/context?to=40');
    expect(psalm.verses.filter((verse) => verse.marked).map((verse) => verse.verse)).toEqual([
      5, 6,
    ]);
    expect(psalm.reference).toBe('Psalm 23:5–6');
    const long = await context('Psalms/119/1/context?to=176');
    expect(long.verses.filter((verse) => verse.marked)).toHaveLength(12);
    expect(long.reference).toBe('Psalm 119:1–12');
    // An end before the verse is no range.
    const back = await context('John/3/16/context?to=2');
    expect(back.reference).toBe('John 3:16');
    expect(back.verses.filter((verse) => verse.marked)).toHaveLength(1);
  });

  it('gives the words in the WEB and the ASV', async () => {
    const web = await context('John/3/16/context?translation=web');
    expect(web.translation).toBe('web');
    expect(web.verses[0]?.text).toMatch(
      /^For God so loved the world, that he gave his one and only Son/,
    );
    expect(web.speaker).toBe('Jesus');
    const asv = await context('Genesis/1/3/context?translation=asv');
    expect(asv.translation).toBe('asv');
    expect(asv.verses[0]?.text).toBe('And God said, Let there be light: and there was light.');
    const kjvPsalm = await context('Psalms/23/1/context');
    const asvPsalm = await context('Psalms/23/1/context?translation=asv');
    expect(asvPsalm.verses[0]?.text).not.toBe(kjvPsalm.verses[0]?.text);
    expect(asvPsalm.verses[0]?.text).toContain('Jehovah');
  });

  it.each([
    ['a verse past the chapter', 'Genesis/1/32/context'],
    ['a chapter past the book', 'Genesis/51/1/context'],
    ['an unknown book', 'Hezekiah/1/1/context'],
    ['__proto__ as the book', '__proto__/1/1/context'],
    ['constructor as the book', 'constructor/1/1/context'],
    ['__proto__ as the verse', 'John/3/__proto__/context'],
    ['a verse that is no number', 'John/3/16x/context'],
    ['a chapter of 30 digits', `John/${'9'.repeat(30)}/1/context`],
  ])('answers 404 with a message for %s', async (_, path) => {
    expect((await get(path, 404)).json()).toEqual({
      error: 'NOT_FOUND',
      message: expect.stringMatching(/^Verse not found/),
    });
  });

  it.each([
    ['a translation the app lacks', 'John/3/16/context?translation=niv'],
    ['__proto__ as the translation', 'John/3/16/context?translation=__proto__'],
    ['a translation of 5,000 letters', `John/3/16/context?translation=${'k'.repeat(5000)}`],
    ['two translations', 'John/3/16/context?translation=kjv&translation=web'],
    ['a book of 5,000 letters', `${'a'.repeat(5000)}/1/1/context`],
    ['a chapter of 5,000 digits', `John/${'9'.repeat(5000)}/1/context`],
    ['a range end that is no number', 'John/3/16/context?to=seventeen'],
    ['a range end of 0', 'John/3/16/context?to=0'],
    ['a range end of 30 digits', `John/3/16/context?to=${'9'.repeat(30)}`],
    ['two range ends', 'John/3/16/context?to=17&to=18'],
  ])('answers 400 with a message for %s', async (_, path) => {
    const answer = (await get(path, 400)).json();
    expect(answer).toEqual({ error: expect.any(String), message: expect.any(String) });
  });
});
