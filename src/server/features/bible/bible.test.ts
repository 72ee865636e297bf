import { describe, expect, it } from 'vitest';
import { passageResponseSchema } from '../../../shared/schemas/bible.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

function getPassage(reference?: string) {
  const query = reference === undefined ? '' : `?reference=${encodeURIComponent(reference)}`;
  return t.app.inject({ method: 'GET', url: `/api/bible/passage${query}` });
}

describe('GET /api/bible/passage', () => {
  it('returns Jeremiah 17:7-8 as two verses, without brackets, with supplied words in italics', async () => {
    const response = await getPassage('Jeremiah 17:7-8');
    expect(response.statusCode).toBe(200);
    const passage = passageResponseSchema.parse(response.json());
    expect(passage.reference).toBe('Jeremiah 17:7-8');
    expect(passage.verses.map((v) => [v.book, v.chapter, v.verse])).toEqual([
      ['Jeremiah', 17, 7],
      ['Jeremiah', 17, 8],
    ]);
    const [first, second] = passage.verses;
    expect(first?.text).toBe(
      'Blessed is the man that trusteth in the LORD, and whose hope the LORD is.',
    );
    for (const verse of passage.verses) expect(verse.text).not.toMatch(/[[\]#]/);
    expect(first?.segments).toEqual([
      { text: 'Blessed ' },
      { text: 'is', italic: true },
      { text: ' the man that trusteth in the LORD, and whose hope the LORD is.' },
    ]);
    expect(second?.segments).toContainEqual({ text: 'that', italic: true });
    expect(response.headers['cache-control']).toContain('max-age');
  });

  it('understands a short form: "ps 23" is the whole of Psalm 23', async () => {
    const response = await getPassage('ps 23');
    expect(response.statusCode).toBe(200);
    const passage = passageResponseSchema.parse(response.json());
    expect(passage.reference).toBe('Psalms 23');
    expect(passage.verses).toHaveLength(6);
    expect(passage.verses[0]?.text).toBe('The LORD is my shepherd; I shall not want.');
    expect(passage.verses.at(-1)?.verse).toBe(6);
  });

  it('answers a reference that names no passage with 404 JSON', async () => {
    const response = await getPassage('the book of nonsense 99:99');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: expect.any(String) });
  });

  it.each([undefined, '', '   '])('answers a missing reference (%j) with 400 JSON', async (ref) => {
    const response = await getPassage(ref);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    expect(response.json().message).toMatch(/reference/i);
  });

  it('refuses a passage of more than 200 verses with 400 JSON', async () => {
    const response = await getPassage('Genesis 1-10');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'BAD_REQUEST', message: expect.any(String) });
    expect(response.json().message).toContain('200');
  });
});
