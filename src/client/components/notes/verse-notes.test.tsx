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
      end_verse_number: 23,
      text: 'Faith.',
      tags: [],
    });
    // The chapter's last verse: no later verse to run on to.
    expect(screen.queryByRole('combobox', { name: 'Through verse' })).toBeNull();
  });

  it('keeps a note on a run of verses chosen with Through verse', async () => {
    const { requests } = fakeApi({
      'GET /api/notes/chapter/John/3': {
        body: { ...romans14, book_name: 'John', chapter_number: 3 },
      },
      'POST /api/notes': (request) => ({ status: 201, body: request.body }),
    });
    const { person } = renderWithApp(
      <VerseNotes
        selected={{ position: { bookIndex: 42, chapter: 3 }, verse: 16, reference: 'John 3:16' }}
        isSignedIn
        onClose={() => undefined}
      />,
    );
    await person.click(screen.getByRole('button', { name: 'Add note' }));
    const through = screen.getByRole('combobox', { name: 'Through verse' });
    // John 3 has 36 verses: 16 through 36 are offered.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toHaveLength(21);
    await person.selectOptions(through, '18');
    await person.type(
      screen.getByRole('textbox', { name: /^Your note on John 3:16.18$/ }),
      'Love.',
    );
    await person.click(screen.getByRole('button', { name: 'Save Note' }));
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      book_name: 'John',
      chapter_number: 3,
      verse_number: 16,
      end_verse_number: 18,
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
