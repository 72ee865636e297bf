import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blanksFor } from '#client/features/memorize/lib/blanks.ts';
import { memoryCard } from '#client/features/memorize/test/cards.ts';
import { notify } from '#client/lib/notify.ts';
import { fakeApi, type FakeRequest } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import { memoryWords } from '#shared/habits/memory-text.ts';
import type { MemoryCard } from '#shared/schemas/habits.ts';
import { ReviewSession } from './review-session.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

const hebrews = memoryCard({ id: 'c1' });
const psalm = memoryCard({
  id: 'c2',
  reference: 'Psalms 23:1',
  text: 'The LORD is my shepherd; I shall not want.',
  mode: 'first-letters',
  state: 'review',
  stability: 3,
});

/** The API for a session over `cards`: each review answers the card and what is still due. */
function reviewApi(cards: MemoryCard[]) {
  let due = cards.length;
  const routes = Object.fromEntries(
    cards.map((card) => [
      `POST /api/memory-cards/${card.id}/review`,
      () => ({ body: { card: { ...card, due: inTenMinutes }, due_count: --due } }),
    ]),
  );
  return fakeApi({
    'GET /api/memory-cards/due': { body: { items: cards, count: cards.length } },
    ...routes,
  });
}

const reviews = (requests: FakeRequest[]) =>
  requests.filter((request) => request.method === 'POST').map(({ path, body }) => ({ path, body }));

function liveRegion(): HTMLElement {
  return screen.getByRole('status');
}

let now = 1_780_000_000_000;
/** When a graded card comes back, as the fake server answers. */
const inTenMinutes = new Date(Date.now() + 10 * 60_000 + 5_000).toISOString();

beforeEach(() => {
  vi.clearAllMocks();
  now = 1_780_000_000_000;
  vi.spyOn(Date, 'now').mockImplementation(() => now);
});

afterEach(() => vi.restoreAllMocks());

describe('a review session', () => {
  it('reads a verse, hides it, reveals it, and sends the grade chosen with its mode', async () => {
    const { requests } = reviewApi([hebrews, psalm]);
    const { person } = renderWithApp(<ReviewSession onClose={() => {}} />);

    const card = await screen.findByRole('article', { name: 'Hebrews 13:8 (KJV)' });
    expect(within(card).getByText('Verse 1 of 2 · Read and repeat')).toBeInTheDocument();
    expect(liveRegion()).toHaveTextContent('Verse 1 of 2: Hebrews 13:8.');
    expect(within(card).getByText(hebrews.text)).toBeInTheDocument();
    expect(
      within(card).getByText('Read it aloud or in your head, then say it from memory.'),
    ).toBeInTheDocument();

    // Keyboard: the focus is on the step's button, Enter takes it.
    expect(within(card).getByRole('button', { name: 'Hide it and say it' })).toHaveFocus();
    await person.keyboard('{Enter}');
    expect(within(card).queryByText(hebrews.text)).not.toBeInTheDocument();
    expect(within(card).getByText('The verse is hidden.')).toBeInTheDocument();
    await person.click(within(card).getByRole('button', { name: 'Reveal' }));

    expect(within(card).getByText(hebrews.text)).toBeInTheDocument();
    const grades = within(card).getByRole('group', { name: 'How did it go?' });
    // Nothing is suggested: the person grades themselves.
    expect(within(grades).queryByText('Suggested')).not.toBeInTheDocument();
    await person.click(within(grades).getByRole('button', { name: /^Hard/ }));

    await screen.findByRole('article', { name: 'Psalm 23:1 (KJV)' });
    expect(reviews(requests)).toEqual([
      { path: '/api/memory-cards/c1/review', body: { rating: 2, mode: 'read' } },
    ]);
    // When the verse just graded comes back, from the server's answer.
    const back = 'Hard: Hebrews 13:8 comes back in 10 minutes.';
    expect(screen.getByText(back)).toBeVisible();
    expect(liveRegion()).toHaveTextContent(`${back} Verse 2 of 2: Psalm 23:1.`);
  });

  it('shows first letters, reveals, and grades with the keys 1 to 4, then says Review done', async () => {
    const { requests } = reviewApi([psalm]);
    const { person, queryClient } = renderWithApp(<ReviewSession onClose={() => {}} />);

    const card = await screen.findByRole('article', { name: 'Psalm 23:1 (KJV)' });
    expect(within(card).getByText('T L i m s; I s n w.')).toBeInTheDocument();
    expect(within(card).queryByText(psalm.text)).not.toBeInTheDocument();
    await person.keyboard('{Enter}'); // Reveal has the focus
    expect(within(card).getByText(psalm.text)).toBeInTheDocument();
    await person.keyboard('4');

    const done = await screen.findByRole('region', { name: 'Review done' });
    expect(reviews(requests)).toEqual([
      { path: '/api/memory-cards/c2/review', body: { rating: 4, mode: 'first-letters' } },
    ]);
    expect(within(done).getByText(/You reviewed 1 verse\./)).toHaveTextContent(
      'Nothing else is due right now.',
    );
    expect(liveRegion()).toHaveTextContent('Review done. You reviewed 1 verse.');
    // The due count everyone shows (the home page's Today card) follows the last answer.
    expect(queryClient.getQueryData(['memory-cards', 'due-count'])).toEqual({ count: 0 });
  });

  it('checks each blank, says which are right and wrong in words, suggests a grade, and sends the one chosen', async () => {
    const card = memoryCard({ id: 'c3', mode: 'blanks', state: 'review', stability: 9, reps: 4 });
    const words = memoryWords(card.text);
    const blanks = blanksFor(words, card.text, 'c3:4');
    expect(blanks.length).toBeGreaterThanOrEqual(2);
    const api = fakeApi({
      'GET /api/memory-cards/due': { body: { items: [card], count: 1 } },
      'POST /api/memory-cards/c3/review': { body: { card, due_count: 0 } },
    });
    const { person } = renderWithApp(<ReviewSession onClose={() => {}} />);
    const article = await screen.findByRole('article', { name: 'Hebrews 13:8 (KJV)' });

    const fields = within(article).getAllByRole('textbox');
    expect(fields).toHaveLength(blanks.length);
    expect(fields[0]).toHaveAccessibleName(`Blank 1 of ${blanks.length}`);
    expect(fields[0]).toHaveFocus();
    // All right but the last, in other capitals; Enter checks.
    for (const [at, index] of blanks.entries()) {
      const word = words[index]?.word ?? '';
      const field = fields[at] as HTMLElement;
      await person.type(field, at === blanks.length - 1 ? 'wrong' : word.toUpperCase());
    }
    await person.keyboard('{Enter}');

    const lastWord = words[blanks.at(-1) ?? 0]?.word ?? '';
    expect(within(article).queryAllByRole('textbox')).toHaveLength(0);
    // Each blank says in words whether it is correct; only a wrong one has the wavy mark.
    const marked = within(article).getAllByRole('mark');
    expect(marked).toHaveLength(blanks.length);
    const correct = marked.filter((mark) => mark.textContent?.endsWith(' (correct)'));
    expect(correct).toHaveLength(blanks.length - 1);
    for (const mark of correct) expect(mark.className).not.toMatch(/wavy|destructive/);
    const [wrongMark] = marked.filter((mark) => !correct.includes(mark));
    expect(wrongMark).toHaveTextContent(`(wrong: you wrote wrong; the word is ${lastWord})`);
    expect(wrongMark?.className).toMatch(/wavy/);
    expect(within(article).getByText('wrong')).toBeInTheDocument(); // what was written, struck out
    expect(within(article).getByText(lastWord)).toBeInTheDocument();
    const summary = `${blanks.length - 1} of ${blanks.length} blanks right.`;
    expect(within(article).getByText(summary)).toBeInTheDocument();
    expect(liveRegion()).toHaveTextContent(summary);

    const grades = within(article).getByRole('group', { name: 'How did it go?' });
    const suggested = blanks.length >= 4 ? /^Hard/ : /^Again/;
    expect(within(grades).getByRole('button', { name: suggested })).toHaveTextContent('Suggested');
    expect(within(grades).getByRole('button', { name: suggested })).toHaveFocus();
    // The person may choose another grade.
    await person.click(within(grades).getByRole('button', { name: /^Good/ }));
    await screen.findByRole('heading', { name: 'Review done' });
    expect(reviews(api.requests)).toEqual([
      { path: '/api/memory-cards/c3/review', body: { rating: 3, mode: 'blanks' } },
    ]);
  });

  it('compares a typed verse word by word, forgiving case and punctuation', async () => {
    const card = memoryCard({ id: 'c1', mode: 'type', state: 'review', stability: 30 });
    const { requests } = fakeApi({
      'GET /api/memory-cards/due': { body: { items: [card], count: 1 } },
      'POST /api/memory-cards/c1/review': { body: { card, due_count: 0 } },
    });
    const { person } = renderWithApp(<ReviewSession onClose={() => {}} />);
    const field = await screen.findByRole('textbox', { name: 'Type the verse from memory' });
    expect(field).toHaveFocus();
    // 'ever' left out, 'same' misspelt; no punctuation, other capitals.
    await person.type(field, 'jesus christ the saem YESTERDAY and to day and for');
    now += 60_000;
    await person.keyboard('{Enter}');

    const article = screen.getByRole('article', { name: 'Hebrews 13:8 (KJV)' });
    expect(
      within(article).getByText('9 of 11 words right, 1 typed wrong or extra.'),
    ).toBeInTheDocument();
    const missed = within(article).getAllByText('(missed)', { exact: false });
    expect(missed.map((mark) => mark.parentElement?.textContent)).toEqual([
      'same (missed)',
      'ever (missed)',
    ]);
    expect(
      within(article).getByText('jesus christ the saem YESTERDAY and to day and for'),
    ).toBeInTheDocument();
    const grades = within(article).getByRole('group', { name: 'How did it go?' });
    expect(within(grades).getByRole('button', { name: /^Again/ })).toHaveTextContent('Suggested');
    await person.click(within(grades).getByRole('button', { name: /^Again/ }));
    await screen.findByRole('heading', { name: 'Review done' });
    expect(reviews(requests)).toEqual([
      { path: '/api/memory-cards/c1/review', body: { rating: 1, mode: 'type' } },
    ]);
  });

  it('suggests Easy for a verse typed perfectly and quickly, Good when slow', async () => {
    const quick = memoryCard({ id: 'c1', mode: 'type', state: 'review', stability: 30 });
    const slow = memoryCard({ ...quick, id: 'c2' });
    fakeApi({
      'GET /api/memory-cards/due': { body: { items: [quick, slow], count: 2 } },
      'POST /api/memory-cards/c1/review': { body: { card: quick, due_count: 1 } },
    });
    const { person } = renderWithApp(<ReviewSession onClose={() => {}} />);
    const typed = 'Jesus Christ the same yesterday, and to day, and for ever.';
    await person.type(await screen.findByRole('textbox'), typed);
    now += 10_000;
    await person.keyboard('{Enter}');
    const first = screen.getByRole('article', { name: 'Hebrews 13:8 (KJV)' });
    expect(within(first).getByText('11 of 11 words right.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Easy/ })).toHaveTextContent('Suggested');
    await person.keyboard('{Enter}'); // the suggested grade has the focus

    await waitFor(() => expect(liveRegion()).toHaveTextContent('Verse 2 of 2'));
    await person.type(screen.getByRole('textbox'), typed);
    now += 120_000;
    await person.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: /^Good/ })).toHaveTextContent('Suggested');
  });

  it('stays on the verse with Save Failed when a grade cannot be saved', async () => {
    fakeApi({
      'GET /api/memory-cards/due': { body: { items: [hebrews], count: 1 } },
      'POST /api/memory-cards/c1/review': {
        status: 500,
        body: { error: 'INTERNAL', message: 'Something went wrong.' },
      },
    });
    const { person } = renderWithApp(<ReviewSession onClose={() => {}} />);
    await person.click(await screen.findByRole('button', { name: 'Hide it and say it' }));
    await person.click(screen.getByRole('button', { name: 'Reveal' }));
    await person.click(screen.getByRole('button', { name: /^Good/ }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Save Failed', expect.any(String)),
    );
    expect(screen.getByRole('article', { name: 'Hebrews 13:8 (KJV)' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Review done' })).not.toBeInTheDocument();
  });
});
