import fc from 'fast-check';
import { blackPng } from '#tests/api-support/fixtures/pictures.ts';
import {
  bulky,
  hostileProbes,
  percentEncode,
  prototypeNameSpellings,
  prototypeNames,
  toHostileJson,
  type Bulky,
  type HostileJson,
} from './hostile-values.ts';

/** About 900 KB of UTF-8: just under the 1 MB body limit, far over every field's own limit. */
const hugeStringLength = 450_000;
const deepNesting = 10_000;

/**
 * 'constructor', '__proto__', 'toString' and the other names every object has, in any case and
 * spacing: where input picks an entry of an object literal (a book by name, say) these find
 * one of the object's own methods instead of nothing.
 */
export const prototypeName: fc.Arbitrary<string> = fc.constantFrom(...prototypeNameSpellings);

/** Text a person could type, and text no person types: every script, emoji, controls, quotes. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: fc.constantFrom(...hostileProbes) },
  { weight: 2, arbitrary: prototypeName },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\t\n\r',
      '\u202e\u200b\ufeff',
      '\ud800',
      '\udfff\ud800',
      'NaN',
      '-0',
      '1e999',
      '0x10',
      '3',
      ' 7 ',
      'true',
      'null',
      'undefined',
      '../../etc/passwd',
      'John',
      'DELETE',
      'Europe/London',
      '09:00',
      '2024-02-30T25:61:61Z',
      'https://evil.example/',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 200, maxLength: 5000 }) },
);

export const bulkyValue: fc.Arbitrary<Bulky> = fc.oneof(
  fc.constant(bulky('huge-string', hugeStringLength)),
  fc.constant(bulky('deep-array', deepNesting)),
  fc.constant(bulky('deep-object', deepNesting)),
  fc.constant(bulky('long-array', 100_000)),
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    0,
    -0,
    -1,
    1.5,
    2 ** 31,
    2 ** 53 + 2,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    1e21,
    3,
    366,
    367,
  ),
);

/** Object keys, with the prototype-pollution ones among them. */
const hostileKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...prototypeNames, 'user_id', 'id'),
  },
);

const { json: hostileJsonValue } = fc.letrec<{ json: HostileJson }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 3, arbitrary: hostileString },
    { weight: 2, arbitrary: hostileNumber },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.array(tie('json'), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(hostileKey, tie('json')), { maxLength: 4 })
        .map((entries) => new Map(entries)),
    },
  ),
}));

/** Any JSON value, occasionally a bulky one. */
export const hostileJson: fc.Arbitrary<HostileJson> = fc.oneof(
  { weight: 12, arbitrary: hostileJsonValue },
  { weight: 1, arbitrary: bulkyValue },
);

/**
 * A valid example with some fields replaced, dropped or added: most of these get past the outer
 * shape checks and reach the field validation and the service behind it. A text field often
 * gets a prototype name, which a lookup in an object literal would find.
 */
export function mutatedBody(example: unknown): fc.Arbitrary<HostileJson> {
  const template = toHostileJson(example);
  if (!(template instanceof Map)) return hostileJson;
  const fields = [...template].map(([key, valid]) => {
    const isText = typeof valid === 'string';
    const replacement: fc.Arbitrary<HostileJson> =
      valid instanceof Map
        ? mutatedBody(Object.fromEntries(valid))
        : isText
          ? fc.oneof({ weight: 3, arbitrary: hostileJson }, { weight: 2, arbitrary: prototypeName })
          : hostileJson;
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant<[string, HostileJson] | null>([key, valid]) },
      { weight: 1, arbitrary: fc.constant(null) },
      {
        weight: isText ? 5 : 3,
        arbitrary: replacement.map((value): [string, HostileJson] => [key, value]),
      },
    );
  });
  const extras = fc.array(fc.tuple(hostileKey, hostileJson), { maxLength: 2 });
  return fc
    .tuple(fc.tuple(...fields), extras)
    .map(
      ([kept, added]) =>
        new Map([...kept.filter((entry) => entry !== null), ...added]) as HostileJson,
    );
}

export type BodyChoice =
  | { kind: 'none' }
  | { kind: 'json'; value: HostileJson }
  | { kind: 'text'; text: string | Bulky }
  | { kind: 'bytes'; bytes: Buffer };

/** JSON that does not parse, or parses into something odd. */
const malformedJsonText: fc.Arbitrary<string | Bulky> = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '[1,]',
    '{"a" 1}',
    "{'a':1}",
    '{"a":1}}',
    'nul',
    'NaN',
    '1e999',
    '"\\ud800"',
    '\ufeff{}',
    '',
    ' ',
    '\u0000',
    '{"a":1,"a":2}',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"a":{"__proto__":{"polluted":true}}}',
    'a=1&b=2',
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.json().chain((text) => fc.nat(text.length).map((end) => text.slice(0, end))),
  fc.constant(bulky('unclosed-array', deepNesting)),
);

export function bodyChoice(example: unknown): fc.Arbitrary<BodyChoice> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant<BodyChoice>({ kind: 'none' }) },
    {
      weight: 2,
      arbitrary: fc.constant<BodyChoice>({ kind: 'json', value: toHostileJson(example ?? {}) }),
    },
    {
      weight: 6,
      arbitrary: mutatedBody(example ?? {}).map((value): BodyChoice => ({ kind: 'json', value })),
    },
    { weight: 3, arbitrary: hostileJson.map((value): BodyChoice => ({ kind: 'json', value })) },
    { weight: 2, arbitrary: malformedJsonText.map((text): BodyChoice => ({ kind: 'text', text })) },
  );
}

/** The valid upload's picture: an 8 × 8 PNG. */
export const uploadPicture = blackPng(8);

const bytes = (value: Uint8Array): BodyChoice => ({ kind: 'bytes', bytes: Buffer.from(value) });

/** How files of other kinds begin, each followed by a few random bytes. */
const magicNumbers = [
  [0xff, 0xd8, 0xff, 0xe0],
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [...Buffer.from('GIF89a')],
  [...Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ')],
  [...Buffer.from('\u0000\u0000\u0000\u0018ftypheic')],
  [...Buffer.from('\u0000\u0000\u0000\u001cftypavif')],
  [...Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">')],
  [...Buffer.from('%PDF-1.7')],
  [0x42, 0x4d],
].map((magic) => Buffer.from(magic));

/**
 * An upload's body (decision 017): the picture, the picture cut short or with one byte changed,
 * another kind of file's first bytes, a picture with text after it, or any body a JSON route
 * is sent. All small: the 5 MB limit is tested once per route, never in a loop.
 */
export const uploadBodyChoice: fc.Arbitrary<BodyChoice> = fc.oneof(
  { weight: 4, arbitrary: bodyChoice(undefined) },
  { weight: 2, arbitrary: fc.constant(bytes(uploadPicture)) },
  {
    weight: 2,
    arbitrary: fc.nat(uploadPicture.length - 1).map((end) => bytes(uploadPicture.subarray(0, end))),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.nat(uploadPicture.length - 1), fc.integer({ min: 1, max: 255 }))
      .map(([at, change]) => {
        const changed = Buffer.from(uploadPicture);
        changed.writeUInt8((changed.readUInt8(at) ^ change) & 0xff, at);
        return bytes(changed);
      }),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...magicNumbers), fc.uint8Array({ maxLength: 64 }))
      .map(([magic, rest]) => bytes(Buffer.concat([magic, rest]))),
  },
  {
    weight: 1,
    arbitrary: hostileString.map((text) =>
      bytes(Buffer.concat([uploadPicture, Buffer.from(text)])),
    ),
  },
);

/** What the request says its body is; undefined sends no Content-Type header. */
export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      undefined,
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json; charset=latin1',
      'application/json;;',
      'application/json, text/plain',
      'application/vnd.api+json',
      'text/plain',
      'text/html; charset=utf-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'multipart/form-data',
      'application/octet-stream',
      '',
      ';',
      '*/*',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 30 }) },
);

/** An upload says what its file is, or says something else: the bytes decide (decision 017). */
export const uploadContentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('image/png', 'image/jpeg', 'application/octet-stream') },
  { weight: 2, arbitrary: contentType },
);

export type QueryChoice =
  | { kind: 'none' }
  | { kind: 'pairs'; pairs: [string, string | Bulky][] }
  | { kind: 'raw'; text: string };

/**
 * A query string: the example, the example with hostile values and repeats, the example with
 * one value a prototype name, or raw garbage.
 */
export function queryChoice(
  example: Record<string, string> | undefined,
): fc.Arbitrary<QueryChoice> {
  const keys = Object.keys(example ?? {});
  const exampleKey = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('q');
  const pairValue = fc.oneof(
    { weight: 8, arbitrary: hostileString },
    { weight: 1, arbitrary: bulkyValue },
  );
  const hostilePair = fc.tuple(
    fc.oneof(
      { weight: 3, arbitrary: exampleKey },
      { weight: 1, arbitrary: exampleKey.map((key) => `${key}[]`) },
      { weight: 1, arbitrary: exampleKey.map((key) => `${key}[0]`) },
      { weight: 1, arbitrary: hostileKey },
    ),
    pairValue,
  );
  const examplePairs = Object.entries(example ?? {});
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant<QueryChoice>({ kind: 'none' }) },
    { weight: 2, arbitrary: fc.constant<QueryChoice>({ kind: 'pairs', pairs: examplePairs }) },
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.subarray(examplePairs), fc.array(hostilePair, { minLength: 1, maxLength: 4 }))
        .map(([kept, added]): QueryChoice => ({ kind: 'pairs', pairs: [...kept, ...added] })),
    },
    {
      weight: 3,
      arbitrary: fc.tuple(exampleKey, prototypeName).map(([key, name]): QueryChoice => ({
        kind: 'pairs',
        pairs: [...examplePairs.filter(([other]) => other !== key), [key, name]],
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.constantFrom(
            '%',
            '%zz',
            '%00',
            '%C0%AF',
            '%E0%A4%A',
            '%uD800',
            '&&&==&',
            '?',
            'a=1&a=2&a=3',
            'a[b][c][d]=1',
            '__proto__[polluted]=1',
            'constructor[prototype][polluted]=1',
            '#fragment',
          ),
          fc.string({ unit: 'grapheme-ascii', maxLength: 60 }),
        )
        .map((text): QueryChoice => ({ kind: 'raw', text })),
    },
  );
}

export type ParamChoice =
  | { kind: 'valid' }
  | { kind: 'neighbour' }
  | { kind: 'value'; value: string | Bulky; encode: boolean };

/** A path parameter: the real thing, someone else's, or traversal, NUL, huge, unicode, bad escapes. */
export const paramChoice: fc.Arbitrary<ParamChoice> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<ParamChoice>({ kind: 'valid' }) },
  { weight: 1, arbitrary: fc.constant<ParamChoice>({ kind: 'neighbour' }) },
  {
    weight: 2,
    arbitrary: prototypeName.map((value): ParamChoice => ({ kind: 'value', value, encode: true })),
  },
  {
    weight: 4,
    arbitrary: fc
      .oneof(hostileString, fc.uuid())
      .map((value): ParamChoice => ({ kind: 'value', value, encode: true })),
  },
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(
        '..%2f..%2fetc%2fpasswd',
        '..%252f',
        '%2e%2e',
        '%00',
        '%',
        '%zz',
        '%C0%AF',
        '%E0%A4%A',
        '%F0%9F%98%80',
        '中文',
        '%20',
        '-1',
        '0',
        '1e3',
        '0x10',
        '999999999999999999999',
        'a'.repeat(5000),
      )
      .map((value): ParamChoice => ({ kind: 'value', value, encode: false })),
  },
  {
    weight: 1,
    arbitrary: bulkyValue.map((value): ParamChoice => ({ kind: 'value', value, encode: true })),
  },
);

export type CookieChoice =
  | { kind: 'none' }
  | { kind: 'session' }
  | { kind: 'header'; value: string | Bulky; withSession: boolean };

const sessionName = 'grounded_session';

/** Cookie headers a broken or malicious client sends: garbage, many, huge, malformed. */
const hostileCookieHeader: fc.Arbitrary<string | Bulky> = fc.oneof(
  hostileString
    .filter((value) => !/[\0\r\n]/.test(value))
    .map((value) => `${sessionName}=${percentEncode(value)}`),
  fc.string({ unit: 'grapheme-ascii', maxLength: 80 }).map((value) => `${sessionName}=${value}`),
  fc.constantFrom(
    `${sessionName}=`,
    `${sessionName}`,
    `${sessionName}=%`,
    `${sessionName}="`,
    `${sessionName}=%00`,
    `${sessionName}=%E0%A4%A`,
    `${sessionName}=a; ${sessionName}=b`,
    ';;;==;',
    '=',
    `${sessionName}=${'a'.repeat(64)}`,
    Array.from({ length: 300 }, (_, index) => `c${index}=${index}`).join('; '),
    `${sessionName}=${'x'.repeat(60_000)}`,
    '__proto__=1; constructor=2',
  ),
);

export function cookieChoice(isSignedIn: boolean): fc.Arbitrary<CookieChoice> {
  const header = fc
    .tuple(hostileCookieHeader, fc.boolean())
    .map(([value, withSession]): CookieChoice => ({
      kind: 'header',
      value,
      withSession: isSignedIn && withSession,
    }));
  return isSignedIn
    ? fc.oneof(
        { weight: 6, arbitrary: fc.constant<CookieChoice>({ kind: 'session' }) },
        { weight: 1, arbitrary: header },
      )
    : fc.oneof(
        { weight: 2, arbitrary: fc.constant<CookieChoice>({ kind: 'none' }) },
        { weight: 3, arbitrary: header },
      );
}

export type OriginChoice =
  | { kind: 'own' }
  | { kind: 'none' }
  | { kind: 'header'; name: 'origin' | 'referer' | 'sec-fetch-site'; value: string };

/** Where a state-changing request says it comes from (plugins/csrf.ts checks this). */
export const originChoice: fc.Arbitrary<OriginChoice> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<OriginChoice>({ kind: 'own' }) },
  { weight: 1, arbitrary: fc.constant<OriginChoice>({ kind: 'none' }) },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc
        .constantFrom(
          'https://evil.example',
          'null',
          'http://localhost:3000.evil.example',
          'http://[::1',
          'file://',
          '',
        )
        .map((value): OriginChoice => ({ kind: 'header', name: 'origin', value })),
      fc
        .constantFrom('https://evil.example/page', 'not a url')
        .map((value): OriginChoice => ({ kind: 'header', name: 'referer', value })),
      fc
        .constantFrom('cross-site', 'same-site', 'garbage')
        .map((value): OriginChoice => ({ kind: 'header', name: 'sec-fetch-site', value })),
    ),
  },
);

/**
 * Other headers the routes read. Values keep to what an HTTP parser lets through (visible ASCII,
 * spaces, tabs and obs-text): control characters never reach the app over a real connection.
 */
export const extraHeaders: fc.Arbitrary<[string, string][]> = fc.array(
  fc.tuple(
    fc.constantFrom('accept-encoding', 'if-none-match', 'user-agent', 'accept', 'x-request-id'),
    fc.oneof(
      fc.string({ unit: 'grapheme-ascii', maxLength: 60 }),
      fc.constantFrom('br;q=abc, gzip;q=-1, *;q=0', 'W/"x", *', '"', '\xe9\xff'.repeat(400)),
      fc.constant('x'.repeat(20_000)),
    ),
  ),
  { maxLength: 2 },
);
