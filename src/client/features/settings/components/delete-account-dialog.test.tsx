import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '#client/lib/notify.ts';
import { sessionQueryKey } from '#client/lib/session.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { locationNow, renderWithApp } from '#client/test/render.tsx';
import type { SessionResponse } from '#shared/schemas/auth.ts';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

beforeEach(() => vi.mocked(notify.success).mockClear());

async function openDialog(hasPassword: boolean) {
  const drawn = renderWithApp(<DeleteAccountDialog hasPassword={hasPassword} />, {
    route: '/settings',
  });
  await drawn.person.click(screen.getByRole('button', { name: 'Delete account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  // The form inside comes with the dialog's code, and takes the focus.
  await within(dialog).findByRole('button', { name: 'Delete my account' });
  await waitFor(() => expect(dialog.querySelector('input')).toHaveFocus());
  return { ...drawn, dialog };
}

describe('deleting the account', () => {
  it('names everything the deletion removes, plans, streaks, memory cards and pictures too', async () => {
    fakeApi({});
    const { dialog } = await openDialog(true);
    expect(within(dialog).getByText(/erased forever/)).toHaveTextContent(
      'Every journal entry, prayer, saved verse, highlight, bookmark, reading plan and its progress, streak, memory card, testimony, notification, setting and your profile picture will be erased forever. This cannot be undone. You may want to download your data first.',
    );
  });

  it('needs the password before Delete works, then erases, goes home and signs out', async () => {
    const { requests } = fakeApi({ 'DELETE /api/account': { status: 204 } });
    const { person, dialog, queryClient } = await openDialog(true);
    const remove = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(remove).toBeDisabled();

    await person.type(within(dialog).getByLabelText('Password'), 'purple dye');
    expect(remove).toBeEnabled();
    await person.click(remove);

    await waitFor(() => expect(locationNow()).toBe('/'));
    expect(requests).toEqual([
      { method: 'DELETE', path: '/api/account', body: { password: 'purple dye' } },
    ]);
    expect(notify.success).toHaveBeenCalledWith(
      'Account deleted',
      'Your account and all of your data have been erased.',
    );
    expect(queryClient.getQueryData<SessionResponse>(sessionQueryKey)).toEqual({ user: null });
  });

  it('asks an account without a password to type DELETE', async () => {
    const { requests } = fakeApi({ 'DELETE /api/account': { status: 204 } });
    const { person, dialog } = await openDialog(false);
    const remove = within(dialog).getByRole('button', { name: 'Delete my account' });
    const phrase = within(dialog).getByLabelText('Type DELETE to confirm');

    await person.type(phrase, 'delete');
    expect(remove).toBeDisabled();
    await person.clear(phrase);
    await person.type(phrase, 'DELETE');
    await person.click(remove);

    await waitFor(() => expect(requests[0]?.body).toEqual({ confirmation: 'DELETE' }));
  });

  it('shows a wrong password under the field and keeps the account', async () => {
    fakeApi({
      'DELETE /api/account': {
        status: 401,
        body: { error: 'UNAUTHORIZED', message: 'That password is not right.' },
      },
    });
    const { person, dialog } = await openDialog(true);
    const password = within(dialog).getByLabelText('Password');
    await person.type(password, 'guess');
    await person.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    await waitFor(() =>
      expect(password).toHaveAccessibleDescription('That password is not right.'),
    );
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(locationNow()).toBe('/settings');
  });

  it('forgets what was typed when cancelled', async () => {
    fakeApi({});
    const { person, dialog } = await openDialog(true);
    await person.type(within(dialog).getByLabelText('Password'), 'purple dye');
    await person.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await person.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});
