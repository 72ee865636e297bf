import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import type { Highlight } from '#shared/schemas/reading.ts';
import { HighlightTopics } from './highlight-topics.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

const romans520: Highlight = {
  id: '0190b4a2-0000-7000-8000-000000000001',
  book_name: 'Romans',
  chapter_number: 5,
  verse_number: 20,
  tags: ['grace'],
  created_at: '2026-06-01T10:00:00.000Z',
};

describe('the topics of a highlight in the verse dialog', () => {
  it('shows the highlight’s topics and saves a new one as the whole list', async () => {
    const api = fakeApi({
      'GET /api/highlights': { body: { items: [romans520], next_cursor: null } },
      [`PATCH /api/highlights/${romans520.id}`]: (request) => ({
        body: { ...romans520, tags: (request.body as { tags: string[] }).tags },
      }),
    });
    const { person } = renderWithApp(
      <HighlightTopics
        selected={{ position: { bookIndex: 44, chapter: 5 }, verse: 20, reference: 'Romans 5:20' }}
      />,
    );
    expect((await screen.findByRole('link', { name: 'grace' })).getAttribute('href')).toBe(
      '/topics?tag=grace',
    );
    await person.type(
      screen.getByRole('textbox', { name: 'Add a topic to your highlight of Romans 5:20' }),
      'Law{Enter}',
    );
    expect(await screen.findByRole('link', { name: 'Law' })).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      tags: ['grace', 'Law'],
    });
  });

  it('shows nothing for a verse that is not highlighted', async () => {
    fakeApi({ 'GET /api/highlights': { body: { items: [romans520], next_cursor: null } } });
    renderWithApp(
      <HighlightTopics
        selected={{ position: { bookIndex: 44, chapter: 5 }, verse: 21, reference: 'Romans 5:21' }}
      />,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
