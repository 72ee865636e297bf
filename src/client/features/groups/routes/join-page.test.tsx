import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { JoinGroupPage } from '#client/features/groups/routes/join-page.tsx';
import { notify } from '#client/lib/notify.ts';
import { rememberPendingAction } from '#client/lib/pending-action.ts';
import { useSetSession } from '#client/lib/session.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { locationNow, renderWithApp, testUser } from '#client/test/render.tsx';
import type { InvitePreview } from '#shared/schemas/groups.ts';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

const token = 'Q7vRk2Xw9pLm4TzB8nHc3JdF6sYa1GeU5oNi0WqZt_-';
const invitePath = `/groups/join/${token}`;
const noLongerValid = 'This invite link is no longer valid. Ask the group for a new one.';
const groupFull = 'This group is full: a group can have at most 500 members.';

function preview(overrides: Partial<InvitePreview> = {}): InvitePreview {
  return {
    group_name: 'Tuesday group',
    member_count: 3,
    expires_at: '2026-12-05T10:00:00.000Z',
    group_id: null,
    ...overrides,
  };
}

function fakeInviteApi(routes: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    [`GET /api/group-invites/${token}`]: { body: preview() },
    [`POST /api/group-invites/${token}/accept`]: { body: { group_id: 'g1' } },
    ...routes,
  });
}

function drawJoinPage(user: typeof testUser | null = testUser) {
  return renderWithApp(<JoinGroupPage />, {
    route: invitePath,
    path: '/groups/join/:token',
    user,
  });
}

/**
 * /auth as the link's page uses it (a feature does not draw another's screen): it shows what it
 * was handed in location.state (the way back, `from`, and the tab to open on, `tab`), and
 * "Sign in" does what a sign-in or a sign-up does there: sets the session and goes back.
 */
function AuthStandIn() {
  const state = (useLocation().state ?? {}) as { from?: string; tab?: string };
  const setSession = useSetSession();
  const navigate = useNavigate();
  return (
    <div>
      <p>Back to: {state.from ?? '/'}</p>
      <p>Tab: {state.tab ?? 'signin'}</p>
      <button
        type="button"
        onClick={() => {
          setSession(testUser);
          void navigate(state.from ?? '/', { replace: true });
        }}
      >
        Sign in
      </button>
    </div>
  );
}

/** The invite link's page and /auth, routed as the app routes them, for a visitor's way round. */
function InviteAndAuth() {
  return (
    <Routes>
      <Route path="/groups/join/:token" element={<JoinGroupPage />} />
      <Route path="/auth" element={<AuthStandIn />} />
    </Routes>
  );
}

function accepts(requests: { method: string; path: string }[]) {
  return requests.filter(
    (request) => request.method === 'POST' && request.path === `/api/group-invites/${token}/accept`,
  );
}

describe('the invite link page', () => {
  beforeEach(() => {
    vi.mocked(notify.success).mockClear();
    vi.mocked(notify.error).mockClear();
  });

  it("shows the group's name and size from the link, and a way to join", async () => {
    const { requests } = fakeInviteApi();
    drawJoinPage();
    expect(screen.getByRole('status')).toHaveTextContent('Opening the invite...');
    expect(await screen.findByRole('heading', { name: 'Tuesday group' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Join a Group' })).toBeVisible();
    expect(screen.getByText('A private group · 3 members')).toBeVisible();
    expect(
      screen.getByText('You have been invited to read and pray with this group.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Join Tuesday group' })).toBeEnabled();
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET /api/group-invites/${token}`,
    ]);
  });

  it('counts one member as "1 member"', async () => {
    fakeInviteApi({ [`GET /api/group-invites/${token}`]: { body: preview({ member_count: 1 }) } });
    drawJoinPage();
    expect(await screen.findByText('A private group · 1 member')).toBeVisible();
  });

  it('joins in one tap, says so and lands in the group', async () => {
    const { requests } = fakeInviteApi();
    const { person } = drawJoinPage();
    await person.click(await screen.findByRole('button', { name: 'Join Tuesday group' }));
    await waitFor(() => expect(locationNow()).toBe('/groups/g1'));
    expect(accepts(requests)).toHaveLength(1);
    expect(notify.success).toHaveBeenCalledWith('You joined Tuesday group');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it("says when the link is expired, revoked or unknown, in the server's words, with a way home", async () => {
    fakeInviteApi({
      [`GET /api/group-invites/${token}`]: {
        status: 404,
        body: { error: 'NOT_FOUND', message: noLongerValid },
      },
    });
    const { person } = drawJoinPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(noLongerValid);
    expect(screen.queryByRole('button', { name: /^Join/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Tuesday group' })).not.toBeInTheDocument();
    await person.click(screen.getByRole('link', { name: 'Go home' }));
    expect(locationNow()).toBe('/');
  });

  it('says when the link could not be opened for want of a connection', async () => {
    fakeInviteApi({
      [`GET /api/group-invites/${token}`]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    drawJoinPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please check your internet connection.',
    );
    expect(screen.queryByRole('button', { name: /^Join/ })).not.toBeInTheDocument();
  });

  it('says so when the group is full, and stays on the link', async () => {
    const { requests } = fakeInviteApi({
      [`POST /api/group-invites/${token}/accept`]: {
        status: 409,
        body: { error: 'CONFLICT', message: groupFull },
      },
    });
    const { person } = drawJoinPage();
    const join = await screen.findByRole('button', { name: 'Join Tuesday group' });
    await person.click(join);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Could not join', groupFull));
    expect(accepts(requests)).toHaveLength(1);
    expect(notify.success).not.toHaveBeenCalled();
    expect(locationNow()).toBe(invitePath);
    await waitFor(() => expect(join).toBeEnabled());
  });

  it('says so when the link stopped working between opening it and joining', async () => {
    fakeInviteApi({
      [`POST /api/group-invites/${token}/accept`]: {
        status: 404,
        body: { error: 'NOT_FOUND', message: noLongerValid },
      },
    });
    const { person } = drawJoinPage();
    await person.click(await screen.findByRole('button', { name: 'Join Tuesday group' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Could not join', noLongerValid));
    expect(locationNow()).toBe(invitePath);
  });

  it('gives someone already in the group a link straight to it, and does not join again', async () => {
    const { requests } = fakeInviteApi({
      [`GET /api/group-invites/${token}`]: { body: preview({ group_id: 'g1' }) },
    });
    const { person } = drawJoinPage();
    const open = await screen.findByRole('link', { name: 'You are in this group: open it' });
    expect(open).toHaveAttribute('href', '/groups/g1');
    expect(screen.queryByRole('button', { name: /^Join/ })).not.toBeInTheDocument();
    await person.click(open);
    expect(locationNow()).toBe('/groups/g1');
    expect(accepts(requests)).toEqual([]);
  });

  it('offers a visitor to sign in or sign up instead of joining, and sends nothing', async () => {
    const { requests } = fakeInviteApi();
    drawJoinPage(null);
    expect(await screen.findByRole('heading', { name: 'Tuesday group' })).toBeVisible();
    expect(screen.getByText('A private group · 3 members')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in to join' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/auth',
    );
    expect(screen.queryByRole('button', { name: /^Join/ })).not.toBeInTheDocument();
    expect(accepts(requests)).toEqual([]);
  });

  it('sends a visitor to sign in with the way back, then joins the group they asked for and lands in it', async () => {
    const { requests } = fakeInviteApi();
    const { person } = renderWithApp(<InviteAndAuth />, { route: invitePath, user: null });
    await person.click(await screen.findByRole('link', { name: 'Sign in to join' }));
    expect(locationNow()).toBe('/auth');
    expect(screen.getByText(`Back to: ${invitePath}`)).toBeVisible();
    expect(screen.getByText('Tab: signin')).toBeVisible();
    expect(accepts(requests)).toEqual([]);

    await person.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(locationNow()).toBe('/groups/g1'));
    expect(accepts(requests)).toHaveLength(1);
    expect(notify.success).toHaveBeenCalledWith('You joined Tuesday group');
  });

  it('sends a visitor with no account to sign up, with the way back, and joins once the account is made', async () => {
    const { requests } = fakeInviteApi();
    const { person } = renderWithApp(<InviteAndAuth />, { route: invitePath, user: null });
    await person.click(await screen.findByRole('link', { name: 'Create an account' }));
    expect(locationNow()).toBe('/auth');
    expect(screen.getByText(`Back to: ${invitePath}`)).toBeVisible();
    expect(screen.getByText('Tab: signup')).toBeVisible();

    await person.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(locationNow()).toBe('/groups/g1'));
    expect(accepts(requests)).toHaveLength(1);
    expect(notify.success).toHaveBeenCalledWith('You joined Tuesday group');
  });

  it('joins once on return from signing in, when the join was asked for on this link', async () => {
    rememberPendingAction({ kind: 'join-group', data: token }, invitePath);
    const first = fakeInviteApi();
    const { unmount } = drawJoinPage();
    await waitFor(() => expect(locationNow()).toBe('/groups/g1'));
    expect(accepts(first.requests)).toHaveLength(1);
    unmount();

    // Opened again: the join waiting was taken, so nothing is sent a second time.
    const again = fakeInviteApi();
    drawJoinPage();
    expect(await screen.findByRole('button', { name: 'Join Tuesday group' })).toBeVisible();
    expect(accepts(again.requests)).toEqual([]);
  });

  it('does not join on a link other than the one the join was asked for on', async () => {
    rememberPendingAction({ kind: 'join-group', data: 'another-token' }, '/groups/join/another');
    const { requests } = fakeInviteApi();
    drawJoinPage();
    expect(await screen.findByRole('button', { name: 'Join Tuesday group' })).toBeVisible();
    expect(accepts(requests)).toEqual([]);
    expect(locationNow()).toBe(invitePath);
  });
});
