import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isRowId, newRowId } from './ids.ts';

describe('row ids', () => {
  it('are version 7 UUIDs that sort in the order they were made, even within a millisecond', () => {
    const ids = Array.from({ length: 2000 }, () => newRowId());
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('start with the time they were made', () => {
    const before = Date.now();
    const id = newRowId();
    const millis = Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);
    expect(millis).toBeGreaterThanOrEqual(before);
    expect(millis).toBeLessThanOrEqual(Date.now());
  });

  it('accepts new ids and the random ones of older rows, and nothing else', () => {
    expect(isRowId(newRowId())).toBe(true);
    expect(isRowId(randomUUID())).toBe(true);
    expect(isRowId(randomUUID().toUpperCase())).toBe(true);
    for (const bad of ['', 'abc', `${randomUUID()}x`, `x${randomUUID()}`, `${randomUUID()}\n`]) {
      expect(isRowId(bad)).toBe(false);
    }
    expect(isRowId(randomUUID().replace(/-/g, '\0'))).toBe(false);
  });
});
