import { describe, expect, it } from 'vitest';
import { savedVerseSchema } from '../../../shared/schemas/verses.ts';
import { fixedClock } from '../../clock.ts';
import { browserRequest, signUp, type SignedIn } from '../../test/auth-helpers.ts';
import { useTestApp } from '../../test/test-app.ts';

const clock = fixedClock(new Date('2026-06-01T09:30:00.000Z'));
const t = useTestApp({ clock });

const john316 = {
  text: 'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.',
  reference: 'John 3:16',
  theme: 'Bible Reading',
};

function create(payload: unknown, account?: SignedIn) {
  return browserRequest(t, {
    method: 'POST',
    url: '/api/saved-verses',
    payload: payload as Record<string, unknown>,
    ...(account ? { cookie: account.cookie } : {}),
  });
}

function savedRows(userId: string) {
  return t.db.selectFrom('saved_verses').selectAll().where('user_id', '=', userId).execute();
}

describe('POST /api/saved-verses', () => {
  it('saves a verse from the reader (201) and answers with it', async () => {
    const account = await signUp(t);
    const response = await create(john316, account);
    expect(response.statusCode, response.body).toBe(201);
    const saved = savedVerseSchema.parse(response.json());
    expect(saved).toEqual({
      id: expect.any(String),
      ...john316,
      emotion_tag: null,
      custom_note: null,
      created_at: clock.now().toISOString(),
    });
    expect(response.json()).not.toHaveProperty('user_id');
    expect(await savedRows(account.user.id)).toEqual([{ ...saved, user_id: account.user.id }]);
  });

  it('trims the fields and stores empty optional ones as null', async () => {
    const account = await signUp(t);
    const response = await create(
      {
        text: '  Jesus wept.  ',
        reference: ' John 11:35 ',
        theme: ' Comfort ',
        emotion_tag: '  ',
        custom_note: ' For the funeral ',
      },
      account,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      text: 'Jesus wept.',
      reference: 'John 11:35',
      theme: 'Comfort',
      emotion_tag: null,
      custom_note: 'For the funeral',
    });
  });

  it.each([
    [{ ...john316, text: '' }, /^text: The verse text is missing/],
    [{ ...john316, text: '   ' }, /^text: /],
    [{ ...john316, text: 'x'.repeat(2001) }, /^text: That verse is too long/],
    [{ ...john316, reference: undefined }, /^reference: /],
    [{ ...john316, theme: '' }, /^theme: Choose a theme/],
    [{ ...john316, custom_note: 'x'.repeat(501) }, /^custom_note: /],
    [{ ...john316, emotion_tag: 7 }, /^emotion_tag: /],
    [{ ...john316, text: 'Nul \u0000 byte' }, /^text: /],
    [{ ...john316, custom_note: 'Nul \u0000 byte' }, /^custom_note: /],
    [[], /./],
    [{}, /^text: /],
  ])('refuses %j with 400 and saves nothing', async (payload, message) => {
    const account = await signUp(t);
    const response = await create(payload, account);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    expect(response.json().message).toMatch(message);
    expect(await savedRows(account.user.id)).toEqual([]);
  });

  it('saves for the session user only, whatever user_id the body claims', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await create(john316, a);
    const response = await create({ ...john316, user_id: a.user.id }, b);
    expect(response.statusCode).toBe(201);
    expect(await savedRows(a.user.id)).toHaveLength(1);
    const bRows = await savedRows(b.user.id);
    expect(bRows.map((row) => row.id)).toEqual([response.json().id]);
  });

  it('answers 401 without a session and saves nothing', async () => {
    const before = await t.db.selectFrom('saved_verses').select('id').execute();
    const response = await create(john316);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String) });
    expect(await t.db.selectFrom('saved_verses').select('id').execute()).toEqual(before);
  });
});
