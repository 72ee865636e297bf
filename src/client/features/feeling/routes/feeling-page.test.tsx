import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '#client/lib/notify.ts';
import { rememberPendingAction } from '#client/lib/pending-action.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import { defaultSettings, type UserSettings } from '#shared/schemas/settings.ts';
import type { CatalogueVerse, SavedVerse } from '#shared/schemas/verses.ts';
import { FeelingPage } from './feeling-page.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

const anxiousVerse: CatalogueVerse = {
  reference: 'Philippians 4:6',
  mood: 'anxious',
  themes: ['peace', 'prayer'],
  text: 'Be careful for nothing; but in every thing by prayer and supplication with thanksgiving let your requests be made known unto God.',
};

const savedCopy: SavedVerse = {
  id: 'saved-1',
  text: anxiousVerse.text,
  reference: anxiousVerse.reference,
  theme: 'anxious',
  emotion_tag: 'anxious',
  custom_note: null,
  translation: 'kjv',
  tags: [],
  created_at: '2026-06-01T10:00:00.000Z',
};

function fakeVerseApi() {
  return fakeApi({
    'GET /api/verses/catalogue': { body: { translation: 'kjv', verses: [anxiousVerse] } },
    'GET /api/verses/suggestions': { body: { mood: 'anxious', translation: 'kjv', verses: [] } },
    'GET /api/saved-verses/status': { body: { saved: false } },
    'POST /api/saved-verses': { status: 201, body: savedCopy },
  });
}

async function findVerseFor(person: ReturnType<typeof renderWithApp>['person'], words: string) {
  await person.type(screen.getByRole('textbox', { name: "What's on your heart today?" }), words);
  await person.click(screen.getByRole('button', { name: 'Find My Verse' }));
  return screen.findByRole('heading', { name: 'For when you feel anxious' });
}

describe('the feeling page', () => {
  beforeEach(() => {
    vi.mocked(notify.success).mockClear();
    vi.mocked(notify.error).mockClear();
  });

  it("enables 'Find My Verse' only once there is something besides spaces", async () => {
    fakeVerseApi();
    const { person } = renderWithApp(<FeelingPage />);
    const find = screen.getByRole('button', { name: 'Find My Verse' });
    expect(find).toBeDisabled();
    await person.type(screen.getByRole('textbox', { name: "What's on your heart today?" }), '   ');
    expect(find).toBeDisabled();
    await person.type(
      screen.getByRole('textbox', { name: "What's on your heart today?" }),
      'worried',
    );
    expect(find).toBeEnabled();
    expect(screen.getByText('10/300 characters')).toBeInTheDocument();
  });

  it('keeps the words within 300 characters', async () => {
    fakeVerseApi();
    const { person } = renderWithApp(<FeelingPage />);
    const textarea = screen.getByRole('textbox', { name: "What's on your heart today?" });
    expect(textarea).toHaveAttribute('maxLength', '300');
    await person.click(textarea);
    await person.paste('a'.repeat(320));
    expect(textarea).toHaveValue('a'.repeat(300));
    expect(screen.getByText('300/300 characters')).toBeInTheDocument();
    expect(screen.getByText('Character limit reached: 300 characters.')).toBeInTheDocument();
  });

  it('shows a verse for the mood found in the words, after asking for the catalogue', async () => {
    const { requests } = fakeVerseApi();
    const { person } = renderWithApp(<FeelingPage />);
    const heading = await findVerseFor(person, 'I am anxious and worried');
    expect(heading).toHaveFocus();
    expect(screen.getByText(anxiousVerse.text, { exact: false })).toBeInTheDocument();
    expect(screen.getByText(anxiousVerse.reference, { exact: false })).toBeInTheDocument();
    expect(requests.map((request) => request.path)).toContain('/api/verses/catalogue');
  });

  it("says 'Finding your verse…' on a busy button while the catalogue is on its way", async () => {
    let answer: (verses: CatalogueVerse[]) => void = () => {};
    fakeApi({
      'GET /api/verses/catalogue': () =>
        new Promise(
          (resolve) => (answer = (verses) => resolve({ body: { translation: 'kjv', verses } })),
        ),
      'GET /api/verses/suggestions': { body: { mood: 'anxious', verses: [] } },
      'GET /api/saved-verses/status': { body: { saved: false } },
    });
    const { person } = renderWithApp(<FeelingPage />);
    const textarea = screen.getByRole('textbox', { name: "What's on your heart today?" });
    await person.type(textarea, 'I am anxious');
    await person.click(screen.getByRole('button', { name: 'Find My Verse' }));
    const busy = await screen.findByRole('button', { name: 'Finding your verse…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    answer([anxiousVerse]);
    await screen.findByRole('heading', { name: 'For when you feel anxious' });
  });

  it('Enter finds the verse too, and Shift+Enter does not', async () => {
    fakeVerseApi();
    const { person } = renderWithApp(<FeelingPage />);
    const textarea = screen.getByRole('textbox', { name: "What's on your heart today?" });
    await person.type(textarea, 'I am anxious{Shift>}{Enter}{/Shift}');
    expect(textarea).toHaveValue('I am anxious\n');
    await person.type(textarea, '{Enter}');
    await screen.findByRole('heading', { name: 'For when you feel anxious' });
  });

  it("'Share Another Feeling' brings back an empty form, focused", async () => {
    fakeVerseApi();
    const { person } = renderWithApp(<FeelingPage />);
    await findVerseFor(person, 'I am anxious');
    await person.click(screen.getByRole('button', { name: 'Share Another Feeling' }));
    const textarea = screen.getByRole('textbox', { name: "What's on your heart today?" });
    expect(textarea).toHaveValue('');
    expect(textarea).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Find My Verse' })).toBeDisabled();
  });

  it("saves the verse for someone signed in: the POST, the toast, then 'Saved'", async () => {
    const { requests } = fakeVerseApi();
    const { person } = renderWithApp(<FeelingPage />);
    const heading = await findVerseFor(person, 'I am anxious');
    const card = heading.closest('section') as HTMLElement;
    await person.click(await within(card).findByRole('button', { name: 'Save' }));
    await within(card).findByRole('button', { name: 'Saved' });
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.path).toBe('/api/saved-verses');
    expect(post?.body).toEqual({
      text: anxiousVerse.text,
      reference: anxiousVerse.reference,
      theme: 'anxious',
      emotion_tag: 'anxious',
      custom_note: null,
      translation: 'kjv',
    });
    expect(notify.success).toHaveBeenCalledWith(
      'Verse Saved',
      'This verse has been added to your saved collection.',
    );
  });

  it("finds, shows and saves the verse in the member's translation", async () => {
    const inWeb = { ...anxiousVerse, text: 'In nothing be anxious, but in everything…' };
    const settings: UserSettings = {
      ...defaultSettings,
      translation: 'web',
      user_id: 'user-1',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    const { requests } = fakeApi({
      'GET /api/settings': { body: settings },
      'GET /api/verses/catalogue': { body: { translation: 'kjv', verses: [anxiousVerse] } },
      'GET /api/verses/catalogue?translation=web': {
        body: { translation: 'web', verses: [inWeb] },
      },
      'GET /api/verses/suggestions': { body: { mood: 'anxious', translation: 'kjv', verses: [] } },
      'GET /api/verses/suggestions?mood=anxious&translation=web': {
        body: {
          mood: 'anxious',
          translation: 'web',
          verses: [
            {
              reference: 'Isaiah 41:10',
              book: 'Isaiah',
              chapter: 41,
              verse: 10,
              text: 'Don’t you be afraid, for I am with you.',
            },
          ],
        },
      },
      'GET /api/saved-verses/status': { body: { saved: false } },
      'POST /api/saved-verses': { status: 201, body: { ...savedCopy, translation: 'web' } },
    });
    const { person } = renderWithApp(<FeelingPage />);
    // The member's settings decide (not yet this device's copy).
    await waitFor(() =>
      expect(requests.map((request) => request.path)).toContain(
        '/api/verses/catalogue?translation=web',
      ),
    );
    const heading = await findVerseFor(person, 'I am anxious');
    const card = heading.closest('section') as HTMLElement;
    expect(within(card).getByText(inWeb.text, { exact: false })).toBeInTheDocument();
    expect(within(card).getByText('(WEB)')).toBeInTheDocument();
    expect(
      await screen.findByText('Chosen from the World English Bible for when you feel anxious.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Isaiah 41:10' })).toHaveAttribute(
      'href',
      '/read-bible?book=Isaiah&chapter=41&translation=web',
    );

    await person.click(within(card).getByRole('button', { name: 'Save' }));
    await within(card).findByRole('button', { name: 'Saved' });
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual(
      expect.objectContaining({ text: inWeb.text, translation: 'web' }),
    );
  });

  it("says 'Save Failed' when the save does not go through", async () => {
    fakeApi({
      'GET /api/verses/catalogue': { body: { translation: 'kjv', verses: [anxiousVerse] } },
      'GET /api/verses/suggestions': { body: { mood: 'anxious', translation: 'kjv', verses: [] } },
      'GET /api/saved-verses/status': { body: { saved: false } },
      'POST /api/saved-verses': { status: 500, body: { error: 'INTERNAL', message: 'Boom.' } },
    });
    const { person } = renderWithApp(<FeelingPage />);
    await findVerseFor(person, 'I am anxious');
    await person.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalled());
    expect(vi.mocked(notify.error).mock.calls[0]?.[0]).toBe('Save Failed');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('asks a visitor to sign in before saving, and sends nothing', async () => {
    const { requests } = fakeVerseApi();
    const { person } = renderWithApp(<FeelingPage />, { user: null });
    await findVerseFor(person, 'I am anxious');
    await person.click(screen.getByRole('button', { name: 'Save' }));
    expect(notify.error).toHaveBeenCalledWith(
      'Sign in required',
      'Please sign in to save verses to your collection.',
      expect.objectContaining({ label: 'Sign In' }),
    );
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    expect(requests.some((request) => request.path.startsWith('/api/saved-verses'))).toBe(false);
  });

  it('back from signing in, shows the verse the visitor wanted to keep and saves it', async () => {
    const { requests } = fakeVerseApi();
    rememberPendingAction(
      {
        kind: 'save-feeling-verse',
        data: {
          text: anxiousVerse.text,
          reference: anxiousVerse.reference,
          mood: 'anxious',
          themes: ['peace'],
        },
      },
      window.location.pathname + window.location.search,
    );
    renderWithApp(<FeelingPage />);
    await screen.findByRole('heading', { name: 'For when you feel anxious' });
    await screen.findByRole('button', { name: 'Saved' });
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(notify.success).toHaveBeenCalledWith(
      'Verse Saved',
      'This verse has been added to your saved collection.',
    );
  });
});
