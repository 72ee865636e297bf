import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '#client/test/fake-api.ts';
import { locationNow, renderWithApp } from '#client/test/render.tsx';
import type { TopicItem } from '#shared/schemas/topics.ts';
import { TopicsPage } from './topics-page.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

const graceItems: TopicItem[] = [
  {
    kind: 'saved_verse',
    id: 's1',
    book_name: 'Genesis',
    chapter_number: 6,
    verse_number: 8,
    reference: 'Genesis 6:8',
    tags: ['grace'],
    verse_text: 'But Noah found grace in the eyes of the LORD.',
    translation: 'kjv',
  },
  {
    kind: 'note',
    id: 'n1',
    book_name: 'John',
    chapter_number: 1,
    verse_number: 14,
    end_verse_number: 16,
    reference: 'John 1:14–16',
    tags: ['Grace'],
    text: 'Grace upon grace.',
  },
  {
    kind: 'highlight',
    id: 'h1',
    book_name: 'Romans',
    chapter_number: 5,
    verse_number: 20,
    reference: 'Romans 5:20',
    tags: ['grace'],
    verse_text: 'But where sin abounded, grace did much more abound.',
    translation: 'kjv',
  },
];

describe('the topics page', () => {
  it('lists the member’s topics with their counts, each opening its study page', async () => {
    fakeApi({
      'GET /api/topics': {
        body: {
          items: [
            { tag: 'faith', name: 'Faith', count: 1 },
            { tag: 'grace', name: 'grace', count: 3 },
          ],
          next_cursor: null,
        },
      },
    });
    const { person } = renderWithApp(<TopicsPage />, { route: '/topics' });
    const list = await screen.findByRole('list', { name: 'Your topics' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Faith1 item', 'grace3 items']);
    await person.click(links[1]!);
    expect(locationNow()).toBe('/topics?tag=grace');
  });

  it('says how to add a topic when there is none', async () => {
    fakeApi({ 'GET /api/topics': { body: { items: [], next_cursor: null } } });
    renderWithApp(<TopicsPage />, { route: '/topics' });
    expect(await screen.findByText(/No topics yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Saved Verses' }).getAttribute('href')).toBe(
      '/saved-verses',
    );
  });

  it('shows a topic’s notes, highlights and saved verses in the order the server gives (Bible order), each linking to the reader', async () => {
    const api = fakeApi({
      'GET /api/topics/grace': { body: { items: graceItems, next_cursor: null } },
    });
    const { person } = renderWithApp(<TopicsPage />, { route: '/topics?tag=grace' });
    const list = await screen.findByRole('list', { name: 'Under grace, in Bible order' });
    expect(screen.getByRole('heading', { level: 1, name: 'Topic: grace' })).toBeTruthy();
    const headings = within(list).getAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Genesis 6:8 (KJV), open in the reader',
      'John 1:14–16, open in the reader',
      'Romans 5:20 (KJV), open in the reader',
    ]);
    expect(within(list).getByText('Grace upon grace.')).toBeTruthy();
    expect(within(list).getByText(/where sin abounded/)).toBeTruthy();
    expect(api.requests.some((request) => request.path.startsWith('/api/topics/grace?'))).toBe(
      true,
    );
    await person.click(within(headings[2]!).getByRole('link'));
    expect(locationNow()).toBe('/read-bible?book=Romans&chapter=5');
  });
});
