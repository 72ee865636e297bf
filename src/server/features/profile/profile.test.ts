import { describe, expect, it } from 'vitest';
import { browserRequest, sessionUser, signUp } from '#tests/api-support/auth-helpers.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';

const t = useTestApp();

function getProfile(cookie?: string) {
  return browserRequest(t, { method: 'GET', url: '/api/profile', ...(cookie ? { cookie } : {}) });
}

function patchProfile(payload: unknown, cookie?: string) {
  return browserRequest(t, {
    method: 'PATCH',
    url: '/api/profile',
    payload: payload as Record<string, unknown>,
    ...(cookie ? { cookie } : {}),
  });
}

async function profileRow(userId: string) {
  return t.db
    .selectFrom('profiles')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

describe('GET /api/profile', () => {
  it("returns the signed-in user's profile", async () => {
    const account = await signUp(t, { display_name: 'Hannah' });
    const response = await getProfile(account.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user_id: account.user.id,
      email: account.email,
      display_name: 'Hannah',
      profile_image_url: null,
      updated_at: expect.any(String),
    });
  });

  it('answers 401 without a session', async () => {
    const response = await getProfile();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String) });
  });
});

describe('PATCH /api/profile', () => {
  it('refuses a NUL character with a 400 on both databases and keeps the old name', async () => {
    const account = await signUp(t, { display_name: 'Hannah' });
    const response = await patchProfile({ display_name: 'Han\u0000nah' }, account.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: expect.stringMatching(/^display_name: /),
    });
    expect((await profileRow(account.user.id)).display_name).toBe('Hannah');
  });

  it('changes the display name, trimmed, and the session user shows it', async () => {
    const account = await signUp(t, { display_name: 'Hannah' });
    const response = await patchProfile({ display_name: '  Hannah of Ramah  ' }, account.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user_id: account.user.id,
      display_name: 'Hannah of Ramah',
    });
    expect((await getProfile(account.cookie)).json().display_name).toBe('Hannah of Ramah');
    expect((await sessionUser(t, account.cookie))?.display_name).toBe('Hannah of Ramah');
  });

  it('keeps a changed name when the person signs in again', async () => {
    const account = await signUp(t, { display_name: 'Elkanah' });
    await patchProfile({ display_name: 'Elk' }, account.cookie);
    const signIn = await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: account.email, password: account.password },
    });
    expect(signIn.json().user.display_name).toBe('Elk');
  });

  it.each([
    ['an empty name', { display_name: '' }],
    ['a blank name', { display_name: '    ' }],
    ['a name over 80 characters', { display_name: 'x'.repeat(81) }],
    ['no name', {}],
    ['a name that is not text', { display_name: 42 }],
  ])('refuses %s with 400 and changes nothing', async (_, payload) => {
    const account = await signUp(t, { display_name: 'Peninnah' });
    const response = await patchProfile(payload, account.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    expect((await profileRow(account.user.id)).display_name).toBe('Peninnah');
  });

  it('ignores fields a person may not set (e-mail, user id, picture)', async () => {
    const account = await signUp(t, { display_name: 'Eli' });
    const other = await signUp(t, { display_name: 'Samuel' });
    const response = await patchProfile(
      {
        display_name: 'Eli the priest',
        email: 'hijack@example.com',
        user_id: other.user.id,
        profile_image_url: 'https://evil.example/x.png',
      },
      account.cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(await profileRow(account.user.id)).toMatchObject({
      email: account.email,
      display_name: 'Eli the priest',
      profile_image_url: null,
    });
    expect((await profileRow(other.user.id)).display_name).toBe('Samuel');
  });

  it('answers 401 without a session', async () => {
    const response = await patchProfile({ display_name: 'Nobody' });
    expect(response.statusCode).toBe(401);
  });
});

describe('two users', () => {
  it("B never sees or changes A's profile", async () => {
    const a = await signUp(t, { display_name: 'Ruth' });
    const b = await signUp(t, { display_name: 'Orpah' });
    const before = await profileRow(a.user.id);

    const seenByB = await getProfile(b.cookie);
    expect(seenByB.json().user_id).toBe(b.user.id);
    expect(seenByB.body).not.toContain(a.user.id);
    expect(seenByB.body).not.toContain(a.email);

    const patched = await patchProfile({ display_name: 'Orpah of Moab' }, b.cookie);
    expect(patched.json().user_id).toBe(b.user.id);
    expect(await profileRow(a.user.id)).toEqual(before);
    expect((await profileRow(b.user.id)).display_name).toBe('Orpah of Moab');
  });
});
