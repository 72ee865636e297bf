import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '#client/lib/notify.ts';
import { fakeApi, type FakeRequest } from '#client/test/fake-api.ts';
import { giveElementsASize, renderWithApp } from '#client/test/render.tsx';
import type { OwnTestimony, PublicTestimony } from '#shared/schemas/testimonies.ts';
import { TestimonyPage } from './testimony-page.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

function shared(id: string, author_name: string): PublicTestimony {
  return {
    id,
    feeling: `Feeling ${id}`,
    god_reminded: `Reminded ${id}`,
    author_name,
    author_image_url: null,
    is_anonymous: false,
    created_at: '2025-03-01T08:00:00.000Z',
  };
}

function own(testimony: PublicTestimony, status: OwnTestimony['status']): OwnTestimony {
  return { ...testimony, is_approved: status === 'approved', status };
}

function cursorOf(request: FakeRequest): string | null {
  return new URL(request.path, 'http://localhost').searchParams.get('cursor');
}

const ruth = shared('t1', 'Ruth');
const naomi = shared('t2', 'Naomi');
const boaz = shared('t3', 'Boaz');

function publicList() {
  return screen.getByRole('list', { name: 'Testimonies from the community' });
}

function authors(list: HTMLElement): string[] {
  return within(list)
    .getAllByRole('article')
    .map((card) => within(card).getByText(/^(Ruth|Naomi|Boaz|Anonymous)$/).textContent ?? '');
}

describe('the testimony page', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    // The public list is virtualized inside its 600 px box.
    giveElementsASize({ width: 390, height: 600 });
  });

  it('loads older public testimonies into the box; Load more sends the cursor', async () => {
    let olderAnswers = 0;
    const { requests } = fakeApi({
      'GET /api/testimonies/mine': { body: { items: [], next_cursor: null } },
      'GET /api/testimonies': (request) => {
        if (cursorOf(request) !== 'after-t2') {
          return { body: { items: [ruth, naomi], next_cursor: 'after-t2' } };
        }
        // The try made on its own near the end of the list fails; the button asks again.
        olderAnswers += 1;
        return olderAnswers === 1
          ? { status: 503, body: { error: 'UNAVAILABLE', message: 'Try again.' } }
          : { body: { items: [boaz], next_cursor: null } };
      },
    });
    const { person } = renderWithApp(<TestimonyPage />, { route: '/testimony' });
    const box = await screen.findByRole('region', { name: 'Shared testimonies' });
    await waitFor(() => expect(authors(publicList())).toEqual(['Ruth', 'Naomi']));
    expect(screen.getByText('Showing 2 stories so far')).toBeInTheDocument();
    await waitFor(() => expect(olderAnswers).toBe(1));
    await person.click(within(box).getByRole('button', { name: 'Load more testimonies' }));
    await waitFor(() => expect(authors(publicList())).toEqual(['Ruth', 'Naomi', 'Boaz']));
    expect(screen.getByText('3 stories')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/testimonies?cursor=after-t2')).toHaveLength(2);
    expect(within(box).queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
  });

  it("deletes one of the author's testimonies from their list and the public one at once", async () => {
    let mine = [own(ruth, 'approved'), own(boaz, 'pending')];
    let everyone = [ruth, naomi];
    fakeApi({
      'GET /api/testimonies/mine': () => ({ body: { items: mine, next_cursor: null } }),
      'GET /api/testimonies': () => ({ body: { items: everyone, next_cursor: null } }),
      'DELETE /api/testimonies/t1': () => {
        mine = mine.filter((item) => item.id !== 't1');
        everyone = everyone.filter((item) => item.id !== 't1');
        return { status: 204 };
      },
    });
    const { person } = renderWithApp(<TestimonyPage />, { route: '/testimony' });
    const yours = await screen.findByRole('list', { name: 'Your testimonies' });
    await waitFor(() => expect(authors(publicList())).toEqual(['Ruth', 'Naomi']));
    const ruthsCard = within(yours)
      .getAllByRole('article')
      .find((card) => within(card).queryByText('Ruth'));
    await person.click(within(ruthsCard as HTMLElement).getByRole('button', { name: /^Delete/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this testimony?' });
    await person.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'Testimony deleted',
        'Your testimony has been deleted.',
      ),
    );
    await waitFor(() => expect(authors(yours)).toEqual(['Boaz']));
    expect(authors(publicList())).toEqual(['Naomi']);
    // The focus moves on to the testimony that is left.
    await waitFor(() =>
      expect(within(yours).getByRole('button', { name: /^Delete/ })).toHaveFocus(),
    );
  });
});
