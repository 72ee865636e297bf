import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { passageKeys } from '#client/api/passages.ts';
import { parseVerseText } from '#shared/bible/verse-text.ts';
import type { PassageResponse } from '#shared/schemas/bible.ts';
import { ScriptureQuote } from './scripture-quote.tsx';

describe('a quotation of a verse with lines of poetry', () => {
  it('keeps a space where a line breaks (the WEB footer verse: "feet, and")', () => {
    // Psalm 119:105 as the WEB's raw verse has it: two lines of poetry.
    const parsed = parseVerseText('#\nYour word is a lamp to my feet,\nand a light for my path.');
    const queries = new QueryClient();
    queries.setQueryData(passageKeys.passage('Psalm 119:105', 'web'), {
      translation: 'web',
      reference: 'Psalm 119:105',
      verses: [
        {
          book: 'Psalms',
          chapter: 119,
          verse: 105,
          text: parsed.plain,
          segments: parsed.segments,
          is_paragraph_start: parsed.isParagraphStart,
        },
      ],
    } satisfies PassageResponse);
    const { container } = render(
      <QueryClientProvider client={queries}>
        <ScriptureQuote reference="Psalm 119:105" translation="web" />
      </QueryClientProvider>,
    );
    expect(container.querySelector('blockquote')?.textContent).toBe(
      '“Your word is a lamp to my feet, and a light for my path.”',
    );
  });
});
