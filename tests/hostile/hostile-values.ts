import { toStringMethod } from 'fast-check';

/**
 * A value too big to print in a failure report (a 900 KB string, JSON nested 10,000 deep): the
 * generators carry this small description, and the text is only built when the request is sent.
 */
export type Bulky = {
  readonly bulky: 'huge-string' | 'deep-array' | 'deep-object' | 'unclosed-array' | 'long-array';
  readonly size: number;
};

const bulkyBrand = Symbol('bulky');

export function bulky(kind: Bulky['bulky'], size: number): Bulky {
  return {
    bulky: kind,
    size,
    [bulkyBrand]: true,
    [toStringMethod]: () => `bulky(${JSON.stringify(kind)}, ${size})`,
  } as Bulky;
}

export function isBulky(value: unknown): value is Bulky {
  return typeof value === 'object' && value !== null && bulkyBrand in value;
}

/**
 * A JSON document as the generators build it. Objects are Maps so that keys such as
 * `__proto__` stay plain keys (an object literal would set the prototype instead).
 */
export type HostileJson =
  null | boolean | number | string | Bulky | HostileJson[] | Map<string, HostileJson>;

/** The bulky value as the text of a JSON value. */
function bulkyJson({ bulky: kind, size }: Bulky): string {
  switch (kind) {
    case 'huge-string':
      return JSON.stringify(bulkyString({ bulky: kind, size }));
    case 'deep-array':
      return '['.repeat(size) + ']'.repeat(size);
    case 'deep-object':
      return '{"a":'.repeat(size) + '1' + '}'.repeat(size);
    case 'unclosed-array':
      return '['.repeat(size);
    case 'long-array':
      return `[${new Array<string>(size).fill('1').join(',')}]`;
  }
}

/** The bulky value as a plain string (a query value, a path segment, a cookie). */
export function bulkyString(value: Bulky): string {
  // Mixed scripts, so that byte and character counts differ (UTF-8 is 1 to 4 bytes per char).
  if (value.bulky === 'huge-string') return 'aé中😀'.repeat(Math.ceil(value.size / 5));
  return bulkyJson(value);
}

export function textOf(value: string | Bulky): string {
  return isBulky(value) ? bulkyString(value) : value;
}

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Percent-encodes as a browser does: UTF-8, with a lone surrogate sent as U+FFFD. */
export function percentEncode(text: string): string {
  return encodeURIComponent(text.replace(loneSurrogate, '\ufffd'));
}

/** Serializes a generated document; NaN and the infinities come out as null, as JSON.stringify does. */
export function jsonText(value: HostileJson): string {
  if (isBulky(value)) return bulkyJson(value);
  if (value instanceof Map) {
    const members = [...value].map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`);
    return `{${members.join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  return JSON.stringify(value);
}

/** Turns a plain example body into the generators' form. */
export function toHostileJson(value: unknown): HostileJson {
  if (Array.isArray(value)) return value.map(toHostileJson);
  if (value !== null && typeof value === 'object') {
    return new Map(Object.entries(value).map(([key, item]) => [key, toHostileJson(item)]));
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  return null;
}

/**
 * The names every plain object answers to ('constructor', '__proto__', 'toString', …), and
 * 'prototype': input used as a key into an object literal finds one of these, not nothing.
 */
export const prototypeNames: readonly string[] = [
  ...Object.getOwnPropertyNames(Object.prototype),
  'prototype',
];

/**
 * A name as a person or a script might send it: as it is, in other cases, padded with spaces,
 * split by one (lookups that ignore case and spacing read all of these as the name itself).
 */
export function spellingsOf(name: string): string[] {
  const middle = Math.ceil(name.length / 2);
  return [
    name,
    name.toLowerCase(),
    name.toUpperCase(),
    `${name.charAt(0).toUpperCase()}${name.slice(1)}`,
    `  ${name} `,
    `${name.slice(0, middle)} ${name.slice(middle)}`,
  ];
}

export const prototypeNameSpellings: readonly string[] = [
  ...new Set(prototypeNames.flatMap(spellingsOf)),
];

/** Attempts to reach the database through the query text; every one must be stored as data. */
export const sqlInjectionProbes = [
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  "' OR '1'='1",
  "\\'",
  "\\'; DELETE FROM journal_entries; --",
  '$1',
  '$1::text, $2',
  '?',
  ':name @p1',
  '%s%s%n',
  '1; SELECT pg_sleep(5); --',
  "' UNION SELECT password_hash FROM password_credentials --",
  "'); DROP TABLE sessions; --",
  '$$; DROP TABLE users; $$',
  "E'\\x27' || chr(39)",
  '/* */ OR /**/ 1=1',
  '`users`; --',
  'ʼ‘’‛“”„‟＇＂ OR 1=1',
] as const;

/** Markup that would run or change the page if a screen ever rendered it as HTML. */
export const storedXssProbes = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '"><svg onload=alert(1)>',
  "<a href='javascript:alert(1)'>x</a>",
  '</textarea><script>alert(1)</script>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  "{{constructor.constructor('alert(1)')()}}",
  '${alert(1)}',
  '[x](javascript:alert(1))',
  '&lt;b&gt;&amp;&#x3C;',
  '<style>*{display:none}</style>',
] as const;

export const hostileProbes: readonly string[] = [...sqlInjectionProbes, ...storedXssProbes];
