import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chapterFromVerses } from '#shared/bible/chapter.ts';
import { VerseWords } from './verse-parts.tsx';

// A verse with a supplied word (italics) and a new line of poetry, as the KJV's data writes them.
const [verse] = chapterFromVerses(
  39,
  5,
  ['Blessed [are] the poor in spirit:\nfor theirs is the kingdom of heaven.'],
  'kjv',
).verses;

/** The red runs of the verse drawn with `christ` (word indices), each as its text. */
function redRuns(christ: number[]): string[] {
  if (!verse) throw new Error('no verse');
  const { container } = render(
    <p>
      <VerseWords verse={verse} translation="kjv" christ={new Set(christ)} />
    </p>,
  );
  return [...container.querySelectorAll('[data-christ]')].map((span) => span.textContent ?? '');
}

describe("Christ's words in red", () => {
  it('colours His words and what stands between them, across italics and a new line', () => {
    // Blessed(0) are(1) the(2) poor(3) in(4) spirit(5) for(6) theirs(7) is(8) …
    expect(redRuns([0, 1]).join('|')).toBe('Blessed |are');
    expect(redRuns([6, 7, 8])).toEqual(['for theirs is']);
    expect(redRuns([5, 6]).join('|')).toBe('spirit:|for');
  });

  it('draws the words as they are, without red, when none are His', () => {
    expect(redRuns([])).toEqual([]);
  });
});
