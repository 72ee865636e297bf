import { describe, expect, it } from 'vitest';
import { crossReferenceAttribution, crossReferencesResponseSchema } from '#shared/schemas/study.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';

const t = useTestApp();

async function crossReferences(path: string, status = 200) {
  const response = await t.app.inject({ method: 'GET', url: `/api/study/${path}` });
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}

describe('GET /api/study/{book}/{chapter}/{verse}/cross-references', () => {
  it("answers a visitor with the verse's best references in the KJV's words, and the attribution", async () => {
    const answer = crossReferencesResponseSchema.parse(
      await crossReferences('John/3/16/cross-references'),
    );
    expect(answer).toMatchObject({
      reference: 'John 3:16',
      translation: 'kjv',
      attribution: crossReferenceAttribution,
    });
    expect(answer.items).toHaveLength(5);
    expect(answer.total).toBeGreaterThan(5);
    const romans = answer.items.find((item) => item.reference === 'Romans 5:8');
    expect(romans).toMatchObject({ book: 'Romans', chapter: 5, verse: 8 });
    expect(romans?.text).toContain('God commendeth his love toward us');
    const votes = answer.items.map((item) => item.votes);
    expect(votes).toEqual([...votes].sort((a, b) => b - a));
  });

  it('gives the words in the translation asked for, and pages on from where it was', async () => {
    const first = crossReferencesResponseSchema.parse(
      await crossReferences('John/3/16/cross-references?translation=web&limit=3'),
    );
    const romans = first.items.find((item) => item.reference === 'Romans 5:8');
    expect(first.translation).toBe('web');
    if (romans) expect(romans.text).toContain('But God commends his own love toward us');
    const next = crossReferencesResponseSchema.parse(
      await crossReferences('John/3/16/cross-references?translation=web&limit=3&offset=3'),
    );
    const both = await crossReferences('John/3/16/cross-references?translation=web&limit=6');
    expect([...first.items, ...next.items]).toEqual(both.items);
  });

  it('names a run of verses as a person writes it, a psalm as Psalm', async () => {
    const answer = crossReferencesResponseSchema.parse(
      await crossReferences('Genesis/1/1/cross-references?limit=20'),
    );
    const references = answer.items.map((item) => item.reference);
    expect(references.some((reference) => /^Psalm \d+:\d+/.test(reference))).toBe(true);
    expect(references.every((reference) => !reference.startsWith('Psalms '))).toBe(true);
    expect(references.some((reference) => /\d+:\d+–\d+/.test(reference))).toBe(true);
  });

  it.each([
    'Genesis/1/32/cross-references',
    'Genesis/51/1/cross-references',
    'Hezekiah/1/1/cross-references',
    '__proto__/1/1/cross-references',
    'constructor/1/1/cross-references',
    'John/3/16x/cross-references',
    'John/-3/16/cross-references',
    `${'a'.repeat(45)}/1/1/cross-references`,
  ])('answers 404 with a message for %s', async (path) => {
    const answer = await crossReferences(path, 404);
    expect(answer).toEqual({
      error: 'NOT_FOUND',
      message: expect.stringMatching(/^Verse not found/),
    });
  });

  it.each([
    'John/3/16/cross-references?limit=0',
    'John/3/16/cross-references?limit=21',
    'John/3/16/cross-references?offset=-1',
    'John/3/16/cross-references?translation=niv',
    'John/3/16/cross-references?limit=__proto__',
  ])('answers 400 with a message for %s', async (path) => {
    const answer = await crossReferences(path, 400);
    expect(answer).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
  });
});
