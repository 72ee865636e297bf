import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryCard } from '#client/features/memorize/test/cards.ts';
import { notify } from '#client/lib/notify.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import { MemorizePage } from './memorize-page.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

const now = new Date('2026-06-01T12:00:00.000Z');
const hour = 3_600_000;
const dueNow = memoryCard({ id: 'c1', due: new Date(now.getTime() - hour).toISOString() });
const inThreeDays = memoryCard({
  id: 'c2',
  reference: 'Psalms 23:1',
  translation: 'web',
  text: 'Yahweh is my shepherd: I shall lack nothing.',
  due: new Date(now.getTime() + 72 * hour).toISOString(),
  mode: 'blanks',
  state: 'review',
  stability: 10,
});

beforeEach(() => {
  vi.clearAllMocks();
  vi.useFakeTimers({ now, toFake: ['Date'] });
});
afterEach(() => vi.useRealTimers());

function learningCards(): string[] {
  const list = screen.getByRole('list', { name: 'Verses you are learning' });
  return within(list)
    .getAllByRole('article')
    .map((card) => card.textContent ?? '');
}

describe('the Learn by Heart page', () => {
  it('shows the verses due, each verse with its next review and mode, and starts a review', async () => {
    const { requests } = fakeApi({
      'GET /api/memory-cards/due-count': { body: { count: 1 } },
      'GET /api/memory-cards': { body: { items: [inThreeDays, dueNow], next_cursor: null } },
      'GET /api/memory-cards/due': { body: { items: [dueNow], count: 1 } },
      'POST /api/memory-cards/c1/review': {
        body: { card: { ...dueNow, due: inThreeDays.due }, due_count: 0 },
      },
    });
    const { person } = renderWithApp(<MemorizePage />, { route: '/memorize' });

    expect(await screen.findByRole('heading', { name: '1 verse due for review' })).toBeVisible();
    const [psalm, hebrews] = learningCards();
    expect(psalm).toContain('Psalm 23:1 (WEB)');
    expect(psalm).toContain('Practice: Fill in the blanks');
    expect(psalm).toContain('Next review: in 3 days');
    expect(hebrews).toContain('Next review: due now');
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();

    await person.click(screen.getByRole('button', { name: 'Start review' }));
    await person.click(await screen.findByRole('button', { name: 'Hide it and say it' }));
    await person.click(screen.getByRole('button', { name: 'Reveal' }));
    await person.click(screen.getByRole('button', { name: /^Good/ }));
    await screen.findByRole('heading', { name: 'Review done' });
    await person.click(screen.getByRole('button', { name: 'Back to your verses' }));

    // Nothing due now: the count came with the review's answer, with no new request for it.
    const heading = await screen.findByRole('heading', { name: 'Nothing to review right now' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('Next review in 3 days.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start review' })).not.toBeInTheDocument();
    expect(requests.filter((request) => request.path.endsWith('due-count'))).toHaveLength(1);
  });

  it('removes a verse after asking', async () => {
    const { requests } = fakeApi({
      'GET /api/memory-cards/due-count': { body: { count: 1 } },
      'GET /api/memory-cards': { body: { items: [inThreeDays, dueNow], next_cursor: null } },
      'DELETE /api/memory-cards/c2': { status: 204 },
    });
    const { person } = renderWithApp(<MemorizePage />, { route: '/memorize' });
    await person.click(await screen.findByRole('button', { name: 'Remove Psalm 23:1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop learning this verse?' });
    expect(dialog).toHaveTextContent('Psalm 23:1 will leave Learn by Heart');
    await person.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/memory-cards/c2')).toBe(
      true,
    );
    expect(learningCards()).toHaveLength(1);
    expect(learningCards()[0]).toContain('Hebrews 13:8');
    expect(notify.success).toHaveBeenCalledWith('Verse removed', expect.any(String));
    // The focus goes to the next verse's Remove, not the page.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove Hebrews 13:8' })).toHaveFocus(),
    );
  });

  it('says where verses come from when none is being learned', async () => {
    fakeApi({
      'GET /api/memory-cards/due-count': { body: { count: 0 } },
      'GET /api/memory-cards': { body: { items: [], next_cursor: null } },
    });
    renderWithApp(<MemorizePage />, { route: '/memorize' });
    expect(await screen.findByRole('heading', { name: 'No verses to learn yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Your saved verses' })).toHaveAttribute(
      'href',
      '/saved-verses',
    );
    expect(screen.queryByRole('button', { name: 'Start review' })).not.toBeInTheDocument();
  });
});
