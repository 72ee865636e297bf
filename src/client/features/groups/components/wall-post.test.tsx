import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PrayerWall } from '#client/features/groups/components/prayer-wall.tsx';
import { WallPost, prayedLine } from '#client/features/groups/components/wall-post.tsx';
import { notify } from '#client/lib/notify.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import type { Group, GroupPost } from '#shared/schemas/groups.ts';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

function post(overrides: Partial<GroupPost> = {}): GroupPost {
  return {
    id: 'p1',
    author: { user_id: 'u2', display_name: 'Ruth', profile_image_url: null },
    author_name: 'Ruth',
    is_anonymous: false,
    is_mine: false,
    text: 'Please pray for my mother’s surgery on Friday',
    answered_at: null,
    answer_note: null,
    hidden: false,
    prayed_count: 0,
    prayed_by_me_today: false,
    prayed_names: [],
    reply_count: 0,
    created_at: '2026-11-28T10:00:00.000Z',
    updated_at: '2026-11-28T10:00:00.000Z',
    ...overrides,
  };
}

const group: Group = {
  id: 'g1',
  name: 'Tuesday group',
  description: '',
  member_count: 3,
  my_role: 'member',
  joined_at: '2026-11-01T10:00:00.000Z',
  owner: { user_id: 'u2', display_name: 'Ruth', profile_image_url: null },
  plan: null,
  created_at: '2026-11-01T10:00:00.000Z',
};

const emptyReplies = { body: { items: [], next_cursor: null } };

describe('prayedLine', () => {
  it('names up to two who prayed and counts the rest', () => {
    expect(prayedLine(5, ['Ruth', 'Sam', 'Ann'])).toBe('Prayed by Ruth, Sam and 3 others');
    expect(prayedLine(2, ['Ruth', 'Sam'])).toBe('Prayed by Ruth and Sam');
    expect(prayedLine(3, [])).toBe('3 prayers');
  });
});

describe('WallPost', () => {
  it('shows an anonymous request as from someone in the group', () => {
    fakeApi({});
    renderWithApp(
      <WallPost
        post={post({ author: null, author_name: 'Someone in the group', is_anonymous: true })}
        groupId="g1"
        isLeader={false}
      />,
    );
    expect(
      screen.getByRole('article', { name: 'Request from Someone in the group' }),
    ).toBeVisible();
    expect(screen.queryByText('Ruth')).toBeNull();
  });

  it('shows an answered request with how it was answered, and no "Mark answered"', () => {
    fakeApi({});
    renderWithApp(
      <WallPost
        post={post({
          is_mine: true,
          answered_at: '2026-11-28T12:00:00.000Z',
          answer_note: 'The surgery went well',
        })}
        groupId="g1"
        isLeader={false}
      />,
    );
    expect(screen.getByText('Answered')).toBeVisible();
    expect(screen.getByText(/The surgery went well/)).toBeVisible();
    expect(screen.queryByRole('button', { name: /Mark answered/ })).toBeNull();
  });

  it('counts "I prayed" at once and keeps it pressed', async () => {
    let answer: (value: { body: GroupPost }) => void = () => undefined;
    fakeApi({
      'GET /api/groups/g1/posts': { body: { items: [post()], next_cursor: null } },
      'POST /api/groups/g1/posts/p1/prayed': () => new Promise((resolve) => (answer = resolve)),
    });
    const { person } = renderWithApp(<PrayerWall group={group} />);
    const button = await screen.findByRole('button', { name: /I prayed for “Please pray for my/ });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await person.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(await screen.findByText('1 prayer')).toBeVisible();
    answer({ body: post({ prayed_count: 1, prayed_by_me_today: true, prayed_names: ['Lydia'] }) });
    expect(await screen.findByText('Prayed by Lydia')).toBeVisible();
  });

  it('takes "I prayed" back when the server refuses, but keeps it when already prayed today', async () => {
    let status = 500;
    fakeApi({
      'GET /api/groups/g1/posts': { body: { items: [post()], next_cursor: null } },
      'POST /api/groups/g1/posts/p1/prayed': () => ({
        status,
        body: { error: status === 409 ? 'CONFLICT' : 'INTERNAL', message: 'No.' },
      }),
    });
    const { person } = renderWithApp(<PrayerWall group={group} />);
    const button = await screen.findByRole('button', { name: /I prayed for/ });
    await person.click(button);
    await waitFor(() => expect(notify.error).toHaveBeenCalled());
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Nobody has prayed yet')).toBeVisible();
    status = 409;
    await person.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
  });

  it('shows a request I already prayed for today as pressed', async () => {
    fakeApi({});
    const { person: user } = renderWithApp(
      <WallPost
        post={post({ prayed_count: 4, prayed_by_me_today: true, prayed_names: ['Lydia', 'Sam'] })}
        groupId="g1"
        isLeader={false}
      />,
    );
    const button = screen.getByRole('button', { name: /I prayed for/ });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Prayed by Lydia, Sam and 2 others')).toBeVisible();
    await user.click(button);
    expect(notify.info).toHaveBeenCalledWith('You have already prayed for this today.');
  });

  it('lets a leader hide a request, and shows a hidden one marked, with "Unhide"', async () => {
    const api = fakeApi({
      'POST /api/groups/g1/posts/p1/hide': { status: 204 },
      'GET /api/groups/g1/posts': { body: { items: [], next_cursor: null } },
    });
    const { person: user, rerender } = renderWithApp(
      <WallPost post={post()} groupId="g1" isLeader={true} />,
    );
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    await waitFor(() =>
      expect(api.requests.map((request) => `${request.method} ${request.path}`)).toContain(
        'POST /api/groups/g1/posts/p1/hide',
      ),
    );
    rerender(<WallPost post={post({ hidden: true })} groupId="g1" isLeader={true} />);
    expect(screen.getByText('Hidden from the group')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Unhide' })).toBeVisible();
  });

  it('does not offer a member to hide a request', () => {
    fakeApi({ 'GET /api/groups/g1/posts/p1/replies': emptyReplies });
    renderWithApp(<WallPost post={post()} groupId="g1" isLeader={false} />);
    expect(screen.queryByRole('button', { name: 'Hide' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Report' })).toBeVisible();
  });
});
