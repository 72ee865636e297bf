import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import type { SearchResponse, SearchResult } from '#shared/schemas/bible.ts';
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

function drawSearch() {
  const onOpenReference = vi.fn();
  const onMissingReference = vi.fn();
  const view = renderWithApp(
    <BibleSearch
      translation="kjv"
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
});
