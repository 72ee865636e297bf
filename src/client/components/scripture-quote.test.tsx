import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { books } from '../../shared/bible/books.ts';
import { parseVerseText } from '../../shared/bible/verse-text.ts';
import type { PassageResponse } from '../../shared/schemas/bible.ts';
// The test reads the whole WEB as the server does, to quote every verse with a line break in it.
// eslint-disable-next-line import-x/no-restricted-paths
import { loadWorldEnglishBible } from '../../server/translations/web.ts';
import { passageKeys } from '../api/passages.ts';
import { ScriptureQuote } from './scripture-quote.tsx';

/** Every WEB verse with a line of poetry inside it, as one passage the quote is given. */
function webVersesWithLineBreaks(): PassageResponse['verses'] {
  const web = loadWorldEnglishBible();
  const verses: PassageResponse['verses'] = [];
  web.chapters.forEach((chapters, bookIndex) =>
    chapters.forEach((chapterVerses, chapterIndex) =>
      chapterVerses.forEach((raw, verseIndex) => {
        const parsed = parseVerseText(raw);
        if (!parsed.segments.some((segment, index) => index > 0 && segment.line_start)) return;
        verses.push({
          book: books[bookIndex]!.name,
          chapter: chapterIndex + 1,
          verse: verseIndex + 1,
          text: parsed.plain,
          segments: parsed.segments,
          is_paragraph_start: parsed.isParagraphStart,
        });
      }),
    ),
  );
  return verses;
}

function renderQuote(reference: string, verses: PassageResponse['verses']) {
  const queries = new QueryClient();
  queries.setQueryData(passageKeys.passage(reference, 'web'), {
    translation: 'web',
    reference,
    verses: verses.map((verse, index) => ({ ...verse, verse: index + 1 })),
  } satisfies PassageResponse);
  render(
    <QueryClientProvider client={queries}>
      <ScriptureQuote reference={reference} translation="web" />
    </QueryClientProvider>,
  );
  return screen.getByRole('blockquote' as never, { hidden: true });
}

describe('a quotation of a verse with lines of poetry', () => {
  it('keeps a space where a line of the WEB breaks (the footer: "feet, and")', () => {
    const psalm = webVersesWithLineBreaks().filter(
      (verse) => verse.book === 'Psalms' && verse.chapter === 119 && verse.verse === 105,
    );
    expect(psalm).toHaveLength(1);
    const quote = renderQuote('Psalm 119:105', psalm);
    expect(quote.textContent).toContain('feet, and');
  });

  it('glues no word to the next after a comma, semicolon or colon in any such WEB verse', () => {
    const verses = webVersesWithLineBreaks();
    expect(verses.length).toBeGreaterThan(1000);
    const quote = renderQuote('Every line break', verses);
    const glued = quote.textContent?.match(/.{0,20}[,;:][a-z].{0,20}/gi) ?? [];
    // The WEB's own text never has a word straight after these marks.
    expect(glued).toEqual([]);
  });
});
