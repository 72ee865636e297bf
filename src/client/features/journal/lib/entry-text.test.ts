import { describe, expect, it } from 'vitest';
import { entryPreview, entryTitle } from './entry-text.ts';

describe('entryPreview', () => {
  it('keeps a short entry whole, on one line', () => {
    expect(entryPreview('Grateful today.\n\nThe sun came out.')).toBe(
      'Grateful today. The sun came out.',
    );
  });

  it('keeps exactly 100 characters without an ellipsis', () => {
    const text = 'a'.repeat(100);
    expect(entryPreview(text)).toBe(text);
  });

  it('cuts a long entry at a word break within 100 characters and adds …', () => {
    const text = 'word '.repeat(40);
    const preview = entryPreview(text);
    expect(preview.endsWith('…')).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(101);
    expect(preview).not.toMatch(/ …$/);
  });

  it('cuts a long unbroken run at exactly 100 characters', () => {
    expect(entryPreview('x'.repeat(150))).toBe(`${'x'.repeat(100)}…`);
  });
});

describe('entryTitle', () => {
  it('falls back to Untitled', () => {
    expect(entryTitle(null)).toBe('Untitled');
    expect(entryTitle('  ')).toBe('Untitled');
    expect(entryTitle('Morning')).toBe('Morning');
  });
});
