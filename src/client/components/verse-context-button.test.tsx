import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '#client/test/fake-api.ts';
import { locationNow, renderWithApp } from '#client/test/render.tsx';
import type { VerseContextResponse } from '#shared/schemas/study-context.ts';
import { crossReferenceAttribution } from '#shared/schemas/study.ts';
import { VerseContextButton } from './verse-context-button.tsx';

const path = 'GET /api/study/John/3/16/context';

const context: VerseContextResponse = {
  reference: 'John 3:16',
  translation: 'web',
  book: 'John',
  chapter: 3,
  verse: 16,
  passage: 'John 3:16–17',
  verses: [
    { verse: 16, text: 'For God so loved the world…', marked: true },
    {
      verse: 17,
      text: 'For God didn’t send his Son into the world to judge the world…',
      marked: false,
    },
  ],
  speaker: 'Jesus',
  cross_references: [
    {
      reference: 'Romans 5:8',
      book: 'Romans',
      chapter: 5,
      verse: 8,
      text: 'But God commends his own love toward us…',
      votes: 900,
    },
  ],
  attribution: crossReferenceAttribution,
};

describe('the Context button', () => {
  it('opens the paragraph with the verse marked, the speaker, references and the chapter', async () => {
    const { requests } = fakeApi({ [path]: { body: context } });
    const { person } = renderWithApp(
      <VerseContextButton reference="John 3:16" translation="web" />,
    );
    const button = screen.getByRole('button', { name: 'Context of John 3:16' });
    await person.click(button);

    const dialog = await screen.findByRole('dialog', { name: 'John 3:16 in context' });
    await within(dialog).findByText('John 3:16–17 (WEB)');
    expect(requests.at(-1)?.path).toBe('/api/study/John/3/16/context?translation=web');
    const marked = dialog.querySelector('mark');
    expect(marked).toHaveTextContent('This verse: 16For God so loved the world…');
    expect(within(dialog).getByText('Speaking:').parentElement).toHaveTextContent(
      'Speaking: Jesus',
    );
    expect(within(dialog).getByText(crossReferenceAttribution)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Romans 5:8' })).toHaveAttribute(
      'href',
      '/read-bible?book=Romans&chapter=5&translation=web',
    );

    await person.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();

    await person.click(button);
    await person.click(await screen.findByRole('link', { name: 'Read the whole chapter' }));
    await waitFor(() =>
      expect(locationNow()).toBe('/read-bible?book=John&chapter=3&translation=web'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for the whole of a range and marks its verses as one passage', async () => {
    const { requests } = fakeApi({
      'GET /api/study/Philippians/4/6/context': {
        body: {
          ...context,
          reference: 'Philippians 4:6–7',
          book: 'Philippians',
          chapter: 4,
          verse: 6,
          passage: 'Philippians 4:4–7',
          speaker: null,
          verses: [
            { verse: 5, text: 'Let your moderation be known…', marked: false },
            { verse: 6, text: 'Be careful for nothing…', marked: true },
            { verse: 7, text: 'And the peace of God…', marked: true },
          ],
        },
      },
    });
    const { person } = renderWithApp(
      <VerseContextButton reference="Philippians 4:6-7" translation="kjv" />,
    );
    await person.click(screen.getByRole('button', { name: 'Context of Philippians 4:6-7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Philippians 4:6-7 in context' });
    await within(dialog).findByText('Philippians 4:4–7 (WEB)');
    expect(requests.at(-1)?.path).toBe('/api/study/Philippians/4/6/context?translation=kjv&to=7');
    const marks = dialog.querySelectorAll('mark');
    expect(marks).toHaveLength(1);
    expect(marks[0]).toHaveTextContent(
      'These verses: 6Be careful for nothing… 7And the peace of God…',
    );
    expect(dialog.querySelector('blockquote')).toHaveTextContent(
      /^5Let your moderation be known… These verses: 6Be careful/,
    );
  });

  it('says nothing of a speaker the words do not name, and says so when it cannot load', async () => {
    fakeApi({ [path]: { status: 500, body: { error: 'INTERNAL', message: 'Broken.' } } });
    const { person } = renderWithApp(
      <VerseContextButton reference="John 3:16" translation="kjv" />,
    );
    await person.click(screen.getByRole('button', { name: 'Context of John 3:16' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The context of this verse could not be loaded.',
    );
    fakeApi({ [path]: { body: { ...context, speaker: null, translation: 'kjv' } } });
    await person.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('John 3:16–17 (KJV)');
    expect(screen.queryByText('Speaking:')).not.toBeInTheDocument();
  });

  it('says plainly that it needs a connection when offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { person } = renderWithApp(
      <VerseContextButton reference="John 3:16" translation="kjv" />,
    );
    await person.click(screen.getByRole('button', { name: 'Context of John 3:16' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are offline. The context of this verse needs a connection: try again when you are back online.',
    );
    vi.restoreAllMocks();
  });

  it('says so for a verse of a book the Bible does not have', async () => {
    const { requests } = fakeApi({});
    const { person } = renderWithApp(
      <VerseContextButton reference="Hezekiah 3:16" translation="kjv" />,
    );
    await person.click(screen.getByRole('button', { name: 'Context of Hezekiah 3:16' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hezekiah 3:16 in context' });
    expect(dialog).toHaveTextContent('This verse could not be found.');
    expect(requests).toEqual([]);
  });

  it('is not drawn for a reference that names no verse', () => {
    renderWithApp(<VerseContextButton reference="Psalms 23" translation="kjv" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
