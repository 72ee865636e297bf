import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import type { TranslationId } from '#shared/bible/translations.ts';
import type { SearchResponse, SearchResult, SearchStrongsWord } from '#shared/schemas/bible.ts';
import { BibleSearch } from './bible-search.tsx';

function result(book: string, chapter: number, verse: number, content: string): SearchResult {
  return {
    reference: `${book} ${chapter}:${verse}`,
    book,
    chapter,
    verse,
    content,
    highlights: [],
  };
}

const loveResults: SearchResponse = {
  query: 'love',
  kind: 'text',
  total: 2,
  results: [
    result('John', 13, 34, 'A new commandment I give unto you, That ye love one another.'),
    result('1 John', 4, 8, 'He that loveth not knoweth not God; for God is love.'),
  ],
};

function drawSearch(translation: TranslationId = 'kjv') {
  const onOpenReference = vi.fn();
  const onMissingReference = vi.fn();
  const view = renderWithApp(
    <BibleSearch
      translation={translation}
      onOpenReference={onOpenReference}
      onMissingReference={onMissingReference}
    />,
  );
  return { ...view, onOpenReference, onMissingReference };
}

const box = () => screen.getByRole('combobox', { name: 'Search the Bible' });

describe('the Bible search box', () => {
  it('shows the results of what is typed as suggestions', async () => {
    const { requests } = fakeApi({ 'GET /api/bible/search': { body: loveResults } });
    const { person } = drawSearch();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    await person.type(box(), 'love');
    const list = await screen.findByRole(
      'listbox',
      { name: 'Search suggestions' },
      { timeout: 3000 },
    );
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(box()).toHaveAttribute('aria-controls', list.id);
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'John 13:34A new commandment I give unto you, That ye love one another.',
      '1 John 4:8He that loveth not knoweth not God; for God is love.',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('2 verses found.');
    expect(requests.at(-1)?.path).toBe('/api/bible/search?q=love&limit=5&offset=0');
  });

  it('moves the active option with the arrow keys and opens it with Enter', async () => {
    fakeApi({ 'GET /api/bible/search': { body: loveResults } });
    const { person, onOpenReference } = drawSearch();
    await person.type(box(), 'love');
    await screen.findByRole('listbox', {}, { timeout: 3000 });
    const [first, second] = screen.getAllByRole('option');
    expect(box()).not.toHaveAttribute('aria-activedescendant');

    await person.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', first?.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(second).toHaveAttribute('aria-selected', 'false');

    await person.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', second?.id);
    await person.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', first?.id);
    await person.keyboard('{ArrowUp}');
    expect(box()).toHaveAttribute('aria-activedescendant', second?.id);

    await person.keyboard('{Enter}');
    expect(onOpenReference).toHaveBeenCalledWith('1 John 4:8');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens a suggestion that is clicked, keeping focus in the box', async () => {
    fakeApi({ 'GET /api/bible/search': { body: loveResults } });
    const { person, onOpenReference } = drawSearch();
    await person.type(box(), 'love');
    await screen.findByRole('listbox', {}, { timeout: 3000 });
    await person.click(screen.getByRole('option', { name: /John 13:34/ }));
    expect(onOpenReference).toHaveBeenCalledWith('John 13:34');
    expect(box()).toHaveFocus();
  });

  it('closes with Escape, then clears the box with a second Escape', async () => {
    fakeApi({ 'GET /api/bible/search': { body: loveResults } });
    const { person } = drawSearch();
    await person.type(box(), 'love');
    await screen.findByRole('listbox', {}, { timeout: 3000 });
    await person.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).toHaveValue('love');
    await person.keyboard('{Escape}');
    expect(box()).toHaveValue('');
  });

  it('goes straight to a passage named in the box on Enter', async () => {
    fakeApi({
      'GET /api/bible/search': {
        body: {
          query: 'John 3:16',
          kind: 'reference',
          total: 1,
          results: [result('John', 3, 16, 'For God so loved the world.')],
        } satisfies SearchResponse,
      },
    });
    const { person, onOpenReference } = drawSearch();
    await person.type(box(), 'John 3:16{Enter}');
    await waitFor(() => expect(onOpenReference).toHaveBeenCalledWith('John 3:16'));
  });

  it('says so when the reference is not in the Bible', async () => {
    fakeApi({
      'GET /api/bible/search': {
        body: {
          query: 'Genesis 51',
          kind: 'missing',
          total: 0,
          results: [],
          note: 'Genesis has 50 chapters.',
        } satisfies SearchResponse,
      },
    });
    const { person, onMissingReference } = drawSearch();
    await person.type(box(), 'Genesis 51');
    await waitFor(
      () => expect(screen.getByRole('status')).toHaveTextContent('Genesis has 50 chapters.'),
      { timeout: 3000 },
    );
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await person.keyboard('{Enter}');
    await waitFor(() => expect(onMissingReference).toHaveBeenCalledWith('Genesis 51'));
  });

  it("shows the original word above the verses of a Strong's search", async () => {
    const { requests } = fakeApi({ 'GET /api/bible/search': { body: chesedResults } });
    const { person } = drawSearch();
    await person.type(box(), 'chesed');
    const word = await screen.findByRole(
      'option',
      { name: /H2617 · Hebrew chêsêd/ },
      { timeout: 3000 },
    );
    expect(word).toHaveTextContent('Kindness; by implication (towards God) piety');
    await person.keyboard('{Enter}');
    const card = await screen.findByRole('region', { name: 'Hebrew word chêsêd (H2617)' });
    expect(card).toHaveTextContent('Original Hebrew word');
    expect(card).not.toHaveTextContent('KJV tagging');
    expect(within(card).getByText('חסד')).toHaveAttribute('lang', 'he');
    expect(card).toHaveTextContent('Kindness; by implication (towards God) piety');
    expect(card).toHaveTextContent('Stands behind the English in 241 verses of the KJV.');
    expect(await screen.findByText('Showing 1–20 of 241 verses')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Genesis 19:19/ })).toBeInTheDocument();

    // Another number the word spells is one tap away.
    await person.click(within(card).getByRole('button', { name: 'ben-chesed (H1136)' }));
    await waitFor(() =>
      expect(requests.at(-1)?.path).toBe('/api/bible/search?q=H1136&limit=20&offset=0'),
    );
  });

  it("says the tagging is the KJV's when another translation is read", async () => {
    fakeApi({ 'GET /api/bible/search': { body: chesedResults } });
    const { person } = drawSearch('web');
    await person.type(box(), 'chesed{Enter}');
    const card = await screen.findByRole('region', { name: 'Hebrew word chêsêd (H2617)' });
    expect(card).toHaveTextContent('Original Hebrew word (KJV tagging)');
    expect(card).toHaveTextContent(
      'Stands behind the English in 241 verses of the KJV, shown here in the WEB.',
    );
  });

  it('offers the original word beside the verses of an English word that is also one', async () => {
    const { requests } = fakeApi({
      'GET /api/bible/search': (request) => ({
        body:
          new URL(request.path, 'http://localhost').searchParams.get('q') === 'H2004'
            ? { ...chesedResults, query: 'H2004', strongs: hen, strongs_matches: undefined }
            : henResults,
      }),
    });
    const { person } = drawSearch();
    await person.type(box(), 'hen');
    await screen.findByRole(
      'option',
      { name: 'Did you mean the Hebrew word hên (H2004)?' },
      { timeout: 3000 },
    );
    await person.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'Results for “hen”' });
    expect(screen.getByRole('button', { name: /Matthew 23:37/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Hebrew word/ })).not.toBeInTheDocument();
    await person.click(
      screen.getByRole('button', { name: 'Did you mean the Hebrew word hên (H2004)?' }),
    );
    await screen.findByRole('region', { name: 'Hebrew word hên (H2004)' });
    expect(requests.at(-1)?.path).toBe('/api/bible/search?q=H2004&limit=20&offset=0');
  });
});

const chesed: SearchStrongsWord = {
  number: 'H2617',
  lemma: 'חסד',
  transliteration: 'chêsêd',
  pronunciation: "kheh'-sed",
  definition: 'Kindness; by implication (towards God) piety',
  total: 241,
};

const hen: SearchStrongsWord = {
  number: 'H2004',
  lemma: 'הן',
  transliteration: 'hên',
  pronunciation: 'hane',
  definition: 'Lo!',
  total: 16,
};

const chesedResults: SearchResponse = {
  query: 'chesed',
  kind: 'strongs',
  total: 241,
  results: [
    result('Genesis', 19, 19, 'thou hast magnified thy mercy, which thou hast shewed unto me'),
    result('Genesis', 20, 13, 'This is thy kindness which thou shalt shew unto me'),
  ],
  strongs: chesed,
  strongs_matches: [{ ...chesed, number: 'H1136', transliteration: 'ben-chesed', total: 1 }],
};

const henResults: SearchResponse = {
  query: 'hen',
  kind: 'text',
  total: 2,
  results: [
    result('Matthew', 23, 37, 'even as a hen gathereth her chickens under her wings'),
    result('Luke', 13, 34, 'as a hen doth gather her brood under her wings'),
  ],
  strongs_matches: [hen],
};
