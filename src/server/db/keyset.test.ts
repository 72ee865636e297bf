import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCursorCodec, listScope } from './keyset.ts';

const position = { time: '2026-11-26T02:30:00.123Z', id: '019ab1c2-0000-7000-8000-000000000001' };

describe('page cursors', () => {
  const codec = createCursorCodec(randomBytes(32));

  it('read back the position they were made for', () => {
    expect(codec.decode('journal:a', codec.encode('journal:a', position))).toEqual(position);
  });

  it('are refused for another list, another search or another person', () => {
    const cursor = codec.encode('journal:a', position);
    expect(() => codec.decode('journal:b', cursor)).toThrow(/cursor is not valid/);
    expect(() => codec.decode('saved-verses:a', cursor)).toThrow(/cursor is not valid/);
  });

  it('are refused when any byte is changed', () => {
    const cursor = codec.encode('journal:a', position);
    const [payload, mac] = cursor.split('.') as [string, string];
    const forged = Buffer.from(
      JSON.stringify([
        1,
        JSON.parse(Buffer.from(payload, 'base64url').toString())[1],
        '2099-01-01T00:00:00.000Z',
        position.id,
      ]),
    ).toString('base64url');
    expect(() => codec.decode('journal:a', `${forged}.${mac}`)).toThrow(/cursor is not valid/);
    for (const bad of ['', 'abc', `${payload}.`, `${payload}.${mac}.x`, `${payload}x.${mac}`]) {
      expect(() => codec.decode('journal:a', bad)).toThrow(/cursor is not valid/);
    }
  });

  it('made under another key (another deployment) are refused', () => {
    const other = createCursorCodec(randomBytes(32));
    expect(() => codec.decode('journal:a', other.encode('journal:a', position))).toThrow(
      /cursor is not valid/,
    );
  });
});

describe('list scopes', () => {
  it('name the list, its owner and every filter, an absent filter as null', () => {
    expect(listScope('journal', 'user-a', undefined, 'Hopeful')).toBe(
      JSON.stringify(['journal', 'user-a', null, 'Hopeful']),
    );
  });

  it('differ whenever a filter differs, whatever characters the filters hold', () => {
    const scopes = [
      listScope('bookmarks', 'a'),
      listScope('bookmarks', 'a', ''),
      listScope('bookmarks', 'a', 'john'),
      listScope('bookmarks', 'a:q=john'),
      listScope('highlights', 'a', 'John', 3),
      listScope('highlights', 'a', 'John', '3'),
      listScope('highlights', 'a', 'John:3', null),
    ];
    expect(new Set(scopes).size).toBe(scopes.length);
  });
});
