import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { browserRequest, signUp } from '#tests/api-support/auth-helpers.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';
import {
  findInValue,
  holdsNul,
  jsonHoldsNul,
  jsonMayPoisonPrototypes,
  poisonsPrototypes,
  walkLimits,
} from './json-body.ts';

/** A plain reading of JSON text, one character at a time: the scan must agree with it. */
function referenceHoldsNul(text: string): boolean {
  for (let at = 0; at < text.length; at += 1) {
    if (text[at] !== '\\') continue;
    if (text.startsWith('u0000', at + 1)) return true;
    at += 1; // The escaped character, whatever it is, is not the start of another escape.
  }
  return false;
}

describe('jsonHoldsNul (the scan of the text)', () => {
  it.each([
    ['"\\u0000"', true],
    ['\\u0000', true],
    ['"a\\u0000b"', true],
    ['"\\u00000"', true],
    ['{"key\\u0000":1}', true],
    ['"\\\\\\u0000"', true],
    ['"\\\\\\\\\\u0000"', true],
    ['"\\ud800\\u0000"', true],
    ['"\\u0000\\udc00"', true],
    ['"\\\\u0000"', false],
    ['"\\\\\\\\u0000"', false],
    ['"u0000"', false],
    ['"\\u0001"', false],
    ['"\\u00e9\\ud83d\\ude4f"', false],
    ['"\\ud800\\udc00"', false],
    ['"\\u000"', false],
    ['"\\\\"', false],
    ['', false],
  ])('%s: %s', (text, expected) => {
    expect(jsonHoldsNul(text)).toBe(expected);
    expect(referenceHoldsNul(text)).toBe(expected);
  });

  it('agrees with a character-by-character reading on any mix of backslashes, u and zeros', () => {
    const piece = fc.constantFrom('\\', '\\\\', 'u', '0', 'u0000', '\\u0000', 'a', '"');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join('');
        expect(jsonHoldsNul(text)).toBe(referenceHoldsNul(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('is true exactly when the value JSON.stringify wrote holds a NUL', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (value, text) => {
        const withText = { [text]: value, text };
        const nul = findInValue(withText, holdsNul) !== 'none';
        expect(jsonHoldsNul(JSON.stringify(withText))).toBe(nul);
      }),
      { numRuns: 200 },
    );
  });
});

describe('jsonMayPoisonPrototypes (the scan for prototype keys)', () => {
  it.each([
    ['{"__proto__":{}}', true],
    ['{"\\u005f_proto\\u005F_" :{}}', true],
    ['{"constructor":{"prototype":{}}}', true],
    ['{"c\\u006fnstructor":1}', true],
    ['{"content":"__proto__"}', false],
    ['{"proto":1,"construct":2}', false],
  ])('%s: %s', (text, expected) => {
    expect(jsonMayPoisonPrototypes(text)).toBe(expected);
  });
});

describe('findInValue (the bounded walk)', () => {
  it('names the first value holding a NUL, in the order of the document', () => {
    const value = { a: ['ok', { b: 'x\u0000' }], c: 'y\u0000' };
    expect(findInValue(value, holdsNul)).toEqual({ path: ['a', '1', 'b'] });
    expect(findInValue({ ok: 1, ['k\u0000']: 2 }, holdsNul)).toEqual({ path: ['k\u0000'] });
    expect(findInValue('\u0000', holdsNul)).toEqual({ path: [] });
    expect(findInValue({ a: [1, null, true, 'fine'] }, holdsNul)).toBe('none');
  });

  it('never walks bytes: a Buffer full of zeros holds no text', () => {
    expect(findInValue({ picture: Buffer.alloc(1000) }, holdsNul)).toBe('none');
    expect(findInValue(new Uint8Array(10), holdsNul)).toBe('none');
  });

  it('stops at the limits: past them the answer is "not searched"', () => {
    const wide = Array.from({ length: walkLimits.values + 1 }, (_, index) =>
      index === walkLimits.values ? '\u0000' : 0,
    );
    expect(findInValue(wide, holdsNul)).toBe('not searched');
    expect(findInValue(wide.slice(0, -1), holdsNul)).toBe('none');
    const depth = 100_000;
    const deep = JSON.parse(`${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`) as unknown;
    expect(findInValue(deep, holdsNul)).toBe('not searched');
    const shallow = JSON.parse(`${'['.repeat(10)}"\\u0000"${']'.repeat(10)}`) as unknown;
    expect(findInValue(shallow, holdsNul)).toEqual({ path: Array(10).fill('0') });
  });

  it('finds the keys Fastify refuses as prototype poisoning, and only those', () => {
    const find = (text: string) => findInValue(JSON.parse(text), poisonsPrototypes);
    expect(find('[{"a":1},{"__proto__":{}}]')).toEqual({ path: ['1', '__proto__'] });
    expect(find('{"a":{"constructor":{"prototype":null}}}')).toEqual({
      path: ['a', 'constructor'],
    });
    expect(find('{"constructor":"a name","prototype":{}}')).toBe('none');
  });
});

describe('the JSON parser of the app', () => {
  const t = useTestApp();

  it('refuses a NUL in a body, naming the field, and one past the walk without a name', async () => {
    const account = await signUp(t);
    const send = (payload: string) =>
      browserRequest(t, {
        method: 'POST',
        url: '/api/journal',
        cookie: account.cookie,
        headers: { 'content-type': 'application/json' },
        payload,
      });
    const refused = (message: string) => ({ error: 'VALIDATION_ERROR', message });
    const nul = 'That text holds a character we cannot save.';
    expect((await send('{"content":"a\\u0000b"}')).json()).toEqual(refused(`content: ${nul}`));
    expect((await send('{"content":"a","k\\u0000":1}')).json()).toEqual(refused(`k\u0000: ${nul}`));
    const many = `{"content":"a","emotion_tags":[${'0,'.repeat(walkLimits.values)}"\\u0000"]}`;
    expect((await send(many)).json()).toEqual(refused(nul));
    // An escaped backslash before u0000 is text like any other.
    const saved = await send('{"content":"C:\\\\u0000"}');
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ content: 'C:\\u0000' });
  });

  it('refuses a NUL in the query or a path parameter (%00 in the URL)', async () => {
    const account = await signUp(t);
    const query = await browserRequest(t, {
      method: 'GET',
      url: '/api/journal?q=a%00b',
      cookie: account.cookie,
    });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: 'q: That text holds a character we cannot save.',
    });
    const param = await t.app.inject({ method: 'GET', url: '/api/bible/John%00/3' });
    expect(param.statusCode).toBe(400);
    expect(param.json().message).toBe('book: That text holds a character we cannot save.');
  });

  it('refuses prototype keys as Fastify did, and takes their names as text', async () => {
    const account = await signUp(t);
    const send = (payload: string) =>
      browserRequest(t, {
        method: 'POST',
        url: '/api/journal',
        cookie: account.cookie,
        headers: { 'content-type': 'application/json' },
        payload,
      });
    const notJson = { error: 'BAD_REQUEST', message: 'The request body is not valid JSON.' };
    expect((await send('{"content":"a","__proto__":{"x":1}}')).json()).toEqual(notJson);
    expect((await send('{"content":"a","constructor":{"prototype":{}}}')).json()).toEqual(notJson);
    const many = `{"content":"a","emotion_tags":[${'0,'.repeat(walkLimits.values)}0],"__proto__":1}`;
    expect((await send(many)).json()).toEqual(notJson);
    const text = await send('{"content":"{\\"__proto__\\": 1}"}');
    expect(text.statusCode, text.body).toBe(201);
  });

  it("keeps Fastify's answers to an empty body, bad JSON, and a byte-order mark", async () => {
    const account = await signUp(t);
    const send = (payload: string) =>
      browserRequest(t, {
        method: 'POST',
        url: '/api/journal',
        cookie: account.cookie,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        payload,
      });
    expect((await send('')).json()).toEqual({
      error: 'BAD_REQUEST',
      message: 'The request body is empty but says it is JSON.',
    });
    expect((await send('{"content":')).json().message).toBe('The request body is not valid JSON.');
    expect((await send('\uFEFF{"content":"With a mark"}')).statusCode).toBe(201);
  });
});
