import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '#client/lib/notify.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp, testUser } from '#client/test/render.tsx';
import type { OwnTestimony } from '#shared/schemas/testimonies.ts';
import { ModerationPage } from './moderation-page.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

beforeEach(() => vi.clearAllMocks());

const moderator = { ...testUser, is_moderator: true };

function testimony(id: string, author_name: string | null): OwnTestimony {
  return {
    id,
    feeling: `Feeling ${id}`,
    god_reminded: `Reminded ${id}`,
    author_name,
    author_image_url: null,
    is_anonymous: author_name === null,
    created_at: '2025-03-01T08:00:00.000Z',
    is_approved: false,
    status: 'pending',
  };
}

const queue = [testimony('t1', 'Ruth'), testimony('t2', null)];
const lastPage = { items: queue, next_cursor: null };

describe('the moderation queue', () => {
  it('approves a testimony, which leaves the queue', async () => {
    const { requests } = fakeApi({
      'GET /api/moderation/testimonies': () => ({ body: lastPage }),
      'POST /api/moderation/testimonies/t1/approve': () => {
        lastPage.items = [testimony('t2', null)];
        return { body: { ...queue[0], is_approved: true, status: 'approved' } };
      },
    });
    const { person } = renderWithApp(<ModerationPage />, { user: moderator, route: '/moderation' });
    const card = await screen.findByRole('article', { name: 'Testimony by Ruth' });
    expect(screen.getByText('2 testimonies waiting')).toBeInTheDocument();
    await person.click(within(card).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Testimony approved'));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Testimony by Ruth' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('1 testimony waiting')).toBeInTheDocument();
    expect(requests).toContainEqual({
      method: 'POST',
      path: '/api/moderation/testimonies/t1/approve',
      body: undefined,
    });
  });

  it('asks before declining, then sends the decline', async () => {
    const { requests } = fakeApi({
      'GET /api/moderation/testimonies': { body: { items: queue, next_cursor: null } },
      'POST /api/moderation/testimonies/t2/decline': {
        body: { ...queue[1], status: 'declined' },
      },
    });
    const { person } = renderWithApp(<ModerationPage />, { user: moderator, route: '/moderation' });
    const card = await screen.findByRole('article', { name: 'Testimony by Anonymous' });
    await person.click(within(card).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this testimony?' });
    expect(dialog).toHaveTextContent('The testimony by Anonymous will leave the review queue');
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
    await person.click(within(dialog).getByRole('button', { name: 'Decline testimony' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Testimony declined'));
    expect(requests).toContainEqual({
      method: 'POST',
      path: '/api/moderation/testimonies/t2/decline',
      body: undefined,
    });
  });

  it('shows "Moderators only" in place of a 403, without a toast', async () => {
    fakeApi({
      'GET /api/moderation/testimonies': {
        status: 403,
        body: { error: 'FORBIDDEN', message: 'Moderators only.' },
      },
    });
    renderWithApp(<ModerationPage />, { user: moderator, route: '/moderation' });
    await screen.findByRole('heading', { name: 'Moderators only' });
    await waitFor(() => expect(notify.error).not.toHaveBeenCalled());
  });

  it('takes an approved testimony out of every loaded page; Load more sends the cursor', async () => {
    const older = testimony('t3', 'Boaz');
    let olderAnswers = 0;
    let isOlderPending = true;
    const { requests } = fakeApi({
      'GET /api/moderation/testimonies': (request) => {
        if (!request.path.includes('cursor=after-t2')) {
          return { body: { items: queue, next_cursor: 'after-t2' } };
        }
        // The try made on its own near the end of the list fails; the button asks again.
        olderAnswers += 1;
        return olderAnswers === 1
          ? { status: 503, body: { error: 'UNAVAILABLE', message: 'Try again.' } }
          : { body: { items: isOlderPending ? [older] : [], next_cursor: null } };
      },
      'POST /api/moderation/testimonies/t3/approve': () => {
        isOlderPending = false;
        return { body: { ...older, is_approved: true, status: 'approved' } };
      },
    });
    const { person } = renderWithApp(<ModerationPage />, { user: moderator, route: '/moderation' });
    await screen.findByRole('article', { name: 'Testimony by Ruth' });
    expect(screen.getByText('At least 2 testimonies waiting')).toBeInTheDocument();
    await waitFor(() => expect(olderAnswers).toBe(1));
    await person.click(screen.getByRole('button', { name: 'Load more testimonies' }));
    const card = await screen.findByRole('article', { name: 'Testimony by Boaz' });
    expect(requests.map((request) => request.path)).toContain(
      '/api/moderation/testimonies?cursor=after-t2',
    );
    expect(screen.getByText('3 testimonies waiting')).toBeInTheDocument();

    await person.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Testimony by Boaz' })).not.toBeInTheDocument(),
    );
  });

  it('toasts a failed load and offers to try again', async () => {
    fakeApi({
      'GET /api/moderation/testimonies': { status: 500, body: { error: 'INTERNAL', message: 'x' } },
    });
    renderWithApp(<ModerationPage />, { user: moderator, route: '/moderation' });
    await screen.findByText("We couldn't load the testimonies waiting for review.");
    expect(notify.error).toHaveBeenCalledOnce();
    expect(vi.mocked(notify.error).mock.calls[0]?.slice(0, 2)).toEqual([
      'Error',
      'Failed to load testimonies. Please try again.',
    ]);
  });
});
