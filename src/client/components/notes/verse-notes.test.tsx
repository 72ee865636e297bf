import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import type { ChapterNotes } from '#shared/schemas/notes.ts';
import { VerseNotes } from './verse-notes.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

const romans14: ChapterNotes = {
  book_name: 'Romans',
  chapter_number: 14,
  verses: [],
  notes: [],
  has_more: false,
};

describe('the notes of a verse in the verse dialog', () => {
  it('offers Add note on a verse the KJV numbers, and saves the note at that place', async () => {
    const { requests } = fakeApi({
      'GET /api/notes/chapter/Romans/14': { body: romans14 },
      'POST /api/notes': (request) => ({ status: 201, body: request.body }),
    });
    const { person } = renderWithApp(
      <VerseNotes
        selected={{
          position: { bookIndex: 44, chapter: 14 },
          verse: 23,
          reference: 'Romans 14:23',
        }}
        isSignedIn
        onClose={() => undefined}
      />,
    );
    await person.click(screen.getByRole('button', { name: 'Add note' }));
    await person.type(screen.getByRole('textbox', { name: 'Your note on Romans 14:23' }), 'Faith.');
    await person.click(screen.getByRole('button', { name: 'Save Note' }));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      book_name: 'Romans',
      chapter_number: 14,
      verse_number: 23,
      text: 'Faith.',
      tags: [],
    });
  });

  it('does not offer Add note on the WEB’s Romans 14:24, which the KJV has not', () => {
    fakeApi({ 'GET /api/notes/chapter/Romans/14': { body: romans14 } });
    renderWithApp(
      <VerseNotes
        selected={{
          position: { bookIndex: 44, chapter: 14 },
          verse: 24,
          reference: 'Romans 14:24',
        }}
        isSignedIn
        onClose={() => undefined}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Add note' })).toBeNull();
    expect(screen.getByText(/a note cannot be kept on it yet/)).toBeTruthy();
  });
});
