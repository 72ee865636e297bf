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

  it('reads a heading, a stanza and its poetry lines (the WEB as it loads)', () => {
    const parsed = parseVerseText(
      '{ALEPH}#\nBlessed are those whose ways are blameless,\nwho walk according to Yahweh’s law.',
    );
    expect(parsed.heading).toBe('ALEPH');
    expect(parsed.isParagraphStart).toBe(true);
    expect(parsed.segments).toEqual([
      { text: 'Blessed are those whose ways are blameless,', line_start: true },
      { text: 'who walk according to Yahweh’s law.', line_start: true },
    ]);
    expect(parsed.plain).toBe(
      'Blessed are those whose ways are blameless, who walk according to Yahweh’s law.',
    );
  });

  it('keeps a verse that goes on the line before it on that line, and italics within lines', () => {
    const parsed = parseVerseText('and [it] was so.\nThe [next] line');
    expect(parsed.heading).toBeUndefined();
    expect(parsed.segments).toEqual([
      { text: 'and ' },
      { text: 'it', italic: true },
      { text: ' was so.' },
      { text: 'The ', line_start: true },
      { text: 'next', italic: true },
      { text: ' line' },
    ]);
    expect(parsed.plain).toBe('and it was so. The next line');
  });
});
