import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '#client/test/fake-api.ts';
import { locationNow, renderWithApp } from '#client/test/render.tsx';
import type { Notification, NotificationPage } from '#shared/schemas/notifications.ts';
import { NotificationBell } from './notification-bell.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

beforeAll(() => {
  // happy-dom has no ResizeObserver; Radix's popover measures its content with it.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

function notification(id: string, title: string, isRead: boolean, link = '/journal'): Notification {
  return {
    id,
    type: 'journal_reminder',
    title,
    message: `${title}: take a moment to write.`,
    link,
    is_read: isRead,
    created_at: '2026-11-25T08:00:00.000Z',
  };
}

const newest: NotificationPage = {
  items: [
    notification('n3', 'Evening reflection', false),
    notification('n2', 'Morning verse', false),
    notification('n1', 'Weekly reminder', true),
  ],
  next_cursor: 'cursor-1',
  unread_count: 2,
};
const older: NotificationPage = {
  items: [notification('n0', 'Welcome to Grounded', true)],
  next_cursor: null,
  unread_count: 2,
};

function fakeNotifications() {
  return fakeApi({
    'GET /api/notifications/unread-count': { body: { unread_count: 2 } },
    'GET /api/notifications': { body: newest },
    'GET /api/notifications?cursor=cursor-1': { body: older },
    'POST /api/notifications/read-all': { body: { updated: 2, unread_count: 0 } },
    'POST /api/notifications/n2/read': { body: { ...newest.items[1], is_read: true } },
  });
}

async function openPanel() {
  const drawn = renderWithApp(<NotificationBell />);
  await drawn.person.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
  const panel = await screen.findByRole('dialog', { name: 'Notifications' });
  await within(panel).findByText('Evening reflection');
  return { ...drawn, panel };
}

describe('the notification panel', () => {
  it('lists the newest notifications, the unread ones marked, focus on the first', async () => {
    fakeNotifications();
    const { panel } = await openPanel();
    const items = within(panel)
      .getAllByRole('listitem')
      .map((item) => within(item).getByRole('button'));
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Evening reflection.*Unread$/),
      expect.stringMatching(/^Morning verse.*Unread$/),
      expect.not.stringContaining('Unread'),
    ]);
    await waitFor(() => expect(items[0]).toHaveFocus());
  });

  it('loads older notifications and moves focus to the first of them', async () => {
    const { requests } = fakeNotifications();
    const { panel, person } = await openPanel();
    await person.click(within(panel).getByRole('button', { name: 'Load more' }));

    const welcome = await within(panel).findByRole('button', { name: /Welcome to Grounded/ });
    await waitFor(() => expect(welcome).toHaveFocus());
    expect(requests.map((request) => request.path)).toContain('/api/notifications?cursor=cursor-1');
    expect(within(panel).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("'Mark all read' tells the server, and the bell's count goes to none", async () => {
    const { requests } = fakeNotifications();
    const { panel, person } = await openPanel();
    await person.click(within(panel).getByRole('button', { name: 'Mark all read' }));

    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
    expect(requests).toContainEqual({
      method: 'POST',
      path: '/api/notifications/read-all',
      body: undefined,
    });
  });

  it('opening an unread notification marks it read and follows its link', async () => {
    const { requests } = fakeNotifications();
    const { panel, person } = await openPanel();
    await person.click(within(panel).getByRole('button', { name: /Morning verse/ }));

    await waitFor(() => expect(locationNow()).toBe('/journal'));
    expect(requests.map((request) => `${request.method} ${request.path}`)).toContain(
      'POST /api/notifications/n2/read',
    );
    expect(
      await screen.findByRole('button', { name: 'Notifications, 1 unread' }),
    ).toBeInTheDocument();
  });
});
