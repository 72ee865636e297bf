import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GroupsPage } from '#client/features/groups/routes/groups-page.tsx';
import { notify } from '#client/lib/notify.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { locationNow, renderWithApp } from '#client/test/render.tsx';
import { groupLimits } from '#shared/rules/groups.ts';
import type { Group, GroupSummary } from '#shared/schemas/groups.ts';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

function summary(overrides: Partial<GroupSummary> = {}): GroupSummary {
  return {
    id: 'g1',
    name: 'Tuesday group',
    description: '',
    member_count: 3,
    my_role: 'member',
    joined_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const created: Group = {
  id: 'g-new',
  name: 'Thursday Home Group',
  description: 'We meet at Ruth’s',
  member_count: 1,
  my_role: 'owner',
  joined_at: '2026-11-28T10:00:00.000Z',
  owner: { user_id: 'user-1', display_name: 'Lydia', profile_image_url: null },
  plan: null,
  created_at: '2026-11-28T10:00:00.000Z',
};

const tooManyGroups = 'You can be in at most 20 groups. Leave one to create or join another.';

function drawGroupsPage() {
  return renderWithApp(<GroupsPage />, { route: '/groups', path: '/groups' });
}

function posts(requests: { method: string; path: string; body: unknown }[]) {
  return requests.filter((request) => request.method === 'POST');
}

describe('the groups page', () => {
  beforeEach(() => {
    vi.mocked(notify.success).mockClear();
    vi.mocked(notify.error).mockClear();
  });

  it('lists my groups with my role and their size, each leading to its page', async () => {
    fakeApi({
      'GET /api/groups': {
        body: {
          items: [
            summary({ id: 'g1', name: 'Tuesday group', my_role: 'owner', member_count: 3 }),
            summary({
              id: 'g2',
              name: 'Night shift',
              my_role: 'leader',
              member_count: 1,
              description: 'Prayer after work',
            }),
            summary({ id: 'g3', name: 'Choir', my_role: 'member', member_count: 12 }),
          ],
        },
      },
    });
    const { person } = drawGroupsPage();
    const list = await screen.findByRole('list', { name: 'Your groups' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/groups/g1',
      '/groups/g2',
      '/groups/g3',
    ]);
    expect(within(links[0] as HTMLElement).getByText('Tuesday group')).toBeVisible();
    expect(within(links[0] as HTMLElement).getByText('Owner · 3 members')).toBeVisible();
    expect(within(links[1] as HTMLElement).getByText('Leader · 1 member')).toBeVisible();
    expect(within(links[1] as HTMLElement).getByText('Prayer after work')).toBeVisible();
    expect(within(links[2] as HTMLElement).getByText('Member · 12 members')).toBeVisible();
    expect(screen.queryByText('No groups yet')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create a group' })).toBeVisible();

    await person.click(screen.getByRole('link', { name: /Night shift/ }));
    expect(locationNow()).toBe('/groups/g2');
  });

  it('says when I am in no group yet, and opens the form from there (and closes it)', async () => {
    fakeApi({ 'GET /api/groups': { body: { items: [] } } });
    const { person } = drawGroupsPage();
    expect(await screen.findByRole('heading', { name: 'No groups yet' })).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Your groups' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Create a group' })).not.toBeInTheDocument();

    await person.click(screen.getByRole('button', { name: 'Create a group' }));
    const form = screen.getByRole('form', { name: 'Create a group' });
    const name = within(form).getByLabelText('Name');
    expect(name).toHaveAttribute('maxLength', String(groupLimits.name));
    expect(within(form).getByLabelText('Description (optional)')).toHaveAttribute(
      'maxLength',
      String(groupLimits.description),
    );
    expect(within(form).getByText('0 / 80 characters')).toBeVisible();
    await person.type(name, 'Ruth');
    expect(within(form).getByText('4 / 80 characters')).toBeVisible();

    await person.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Create a group' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No groups yet' })).toBeVisible();
  });

  it('creates a group: sends its name and description, says so and opens its page', async () => {
    const { requests } = fakeApi({
      'GET /api/groups': { body: { items: [] } },
      'POST /api/groups': { status: 201, body: created },
    });
    const { person } = drawGroupsPage();
    await person.click(await screen.findByRole('button', { name: 'Create a group' }));
    await person.type(screen.getByLabelText('Name'), 'Thursday Home Group');
    await person.type(screen.getByLabelText('Description (optional)'), 'We meet at Ruth’s');
    await person.click(screen.getByRole('button', { name: 'Create group' }));

    await waitFor(() => expect(locationNow()).toBe('/groups/g-new'));
    expect(posts(requests)).toEqual([
      {
        method: 'POST',
        path: '/api/groups',
        body: { name: 'Thursday Home Group', description: 'We meet at Ruth’s' },
      },
    ]);
    expect(notify.success).toHaveBeenCalledWith(
      'Group created',
      'Thursday Home Group is ready: invite people from its page.',
    );
  });

  it('refuses a name of only spaces with its own message, and sends nothing', async () => {
    const { requests } = fakeApi({
      'GET /api/groups': { body: { items: [summary()] } },
      'POST /api/groups': { status: 201, body: created },
    });
    const { person } = drawGroupsPage();
    await person.click(await screen.findByRole('button', { name: 'Create a group' }));
    const name = screen.getByLabelText('Name');
    expect(name).toHaveAttribute('aria-invalid', 'false');
    await person.type(name, '   ');
    await person.click(screen.getByRole('button', { name: 'Create group' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Please give the group a name.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Please give the group a name.');
    expect(posts(requests)).toEqual([]);
    expect(notify.success).not.toHaveBeenCalled();
    expect(locationNow()).toBe('/groups');
  });

  it("shows the server's refusal in the form and stays, ready to try again", async () => {
    const { requests } = fakeApi({
      'GET /api/groups': { body: { items: [summary()] } },
      'POST /api/groups': { status: 409, body: { error: 'CONFLICT', message: tooManyGroups } },
    });
    const { person } = drawGroupsPage();
    await person.click(await screen.findByRole('button', { name: 'Create a group' }));
    await person.type(screen.getByLabelText('Name'), 'One too many');
    await person.click(screen.getByRole('button', { name: 'Create group' }));

    const form = screen.getByRole('form', { name: 'Create a group' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(tooManyGroups);
    expect(screen.getByLabelText('Name')).toHaveValue('One too many');
    expect(screen.getByRole('button', { name: 'Create group' })).toBeEnabled();
    expect(posts(requests)).toHaveLength(1);
    expect(notify.success).not.toHaveBeenCalled();
    expect(locationNow()).toBe('/groups');
  });

  it('keeps "Create group" from being sent twice while the first is on its way', async () => {
    let answer: (value: { status: number; body: Group }) => void = () => undefined;
    const { requests } = fakeApi({
      'GET /api/groups': { body: { items: [] } },
      'POST /api/groups': () => new Promise((resolve) => (answer = resolve)),
    });
    const { person } = drawGroupsPage();
    await person.click(await screen.findByRole('button', { name: 'Create a group' }));
    await person.type(screen.getByLabelText('Name'), 'Thursday Home Group');
    const create = screen.getByRole('button', { name: 'Create group' });
    await person.click(create);
    await waitFor(() => expect(create).toBeDisabled());
    await person.click(create);
    expect(posts(requests)).toHaveLength(1);
    answer({ status: 201, body: created });
    await waitFor(() => expect(locationNow()).toBe('/groups/g-new'));
  });

  it('offers no new group to someone already in 20, and says why', async () => {
    fakeApi({
      'GET /api/groups': {
        body: {
          items: Array.from({ length: groupLimits.groupsPerPerson }, (_, index) =>
            summary({ id: `g${index}`, name: `Group ${index}` }),
          ),
        },
      },
    });
    drawGroupsPage();
    expect(
      await screen.findByText('You are in 20 groups, the most one person can be in.'),
    ).toBeVisible();
    expect(
      within(screen.getByRole('list', { name: 'Your groups' })).getAllByRole('listitem'),
    ).toHaveLength(20);
    expect(screen.queryByRole('button', { name: 'Create a group' })).not.toBeInTheDocument();
  });

  it('still offers a new group to someone in 19', async () => {
    fakeApi({
      'GET /api/groups': {
        body: {
          items: Array.from({ length: groupLimits.groupsPerPerson - 1 }, (_, index) =>
            summary({ id: `g${index}`, name: `Group ${index}` }),
          ),
        },
      },
    });
    drawGroupsPage();
    expect(await screen.findByRole('button', { name: 'Create a group' })).toBeVisible();
    expect(screen.queryByText(/the most one person can be in/)).not.toBeInTheDocument();
  });

  it('says when my groups could not be loaded, and tries again', async () => {
    let status = 500;
    fakeApi({
      'GET /api/groups': () =>
        status === 500
          ? { status, body: { error: 'INTERNAL', message: 'Something went wrong.' } }
          : { body: { items: [summary()] } },
    });
    const { person } = drawGroupsPage();
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your groups.");
    expect(notify.error).toHaveBeenCalledWith('Error', 'Failed to load your groups.', undefined);
    expect(screen.queryByRole('button', { name: 'Create a group' })).not.toBeInTheDocument();

    status = 200;
    await person.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Tuesday group/ })).toHaveAttribute(
      'href',
      '/groups/g1',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
