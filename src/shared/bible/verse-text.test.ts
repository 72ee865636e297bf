import { describe, expect, it } from 'vitest';
import { parseVerseText } from './verse-text.ts';

describe('parseVerseText', () => {
  it('turns bracketed words into italic segments and hides the brackets', () => {
    const parsed = parseVerseText('Blessed [is] the man that trusteth in the LORD.');
    expect(parsed.plain).toBe('Blessed is the man that trusteth in the LORD.');
    expect(parsed.segments).toEqual([
      { text: 'Blessed ' },
      { text: 'is', italic: true },
      { text: ' the man that trusteth in the LORD.' },
    ]);
    expect(parsed.isParagraphStart).toBe(false);
  });

  it('reads a leading # as a paragraph start and drops it', () => {
    const parsed = parseVerseText('# And God said, Let there be a firmament');
    expect(parsed.isParagraphStart).toBe(true);
    expect(parsed.plain).toBe('And God said, Let there be a firmament');
  });
});
