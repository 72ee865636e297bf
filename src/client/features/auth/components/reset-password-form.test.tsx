import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '#client/lib/notify.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { locationNow, renderWithApp, testUser } from '#client/test/render.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

function drawForm() {
  return renderWithApp(<ResetPasswordForm token="reset-token" />, {
    user: null,
    route: '/auth/reset-password?token=reset-token',
    path: '/auth/reset-password',
  });
}

beforeEach(() => vi.mocked(notify.success).mockClear());

describe('choosing a new password', () => {
  it('needs the same password twice, and says so under the second field', async () => {
    const { requests } = fakeApi({});
    const { person } = drawForm();
    const password = screen.getByLabelText('New password');
    expect(password).toHaveAccessibleDescription('At least 6 characters');

    await person.click(screen.getByRole('button', { name: 'Update Password' }));
    // The rules' schema loads at the first check (decision 014): the message follows it.
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription('Password should be at least 6 characters.'),
    );
    expect(password).toHaveFocus();

    await person.type(password, 'still waters');
    await person.type(screen.getByLabelText('Confirm password'), 'still water');
    await person.click(screen.getByRole('button', { name: 'Update Password' }));
    const confirm = screen.getByLabelText('Confirm password');
    await waitFor(() => expect(confirm).toHaveAccessibleDescription('The passwords do not match.'));
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveFocus();
    expect(requests).toEqual([]);
  });

  it('sends the token and the password, then signs the person in and goes home', async () => {
    const { requests } = fakeApi({
      'POST /api/auth/password-reset/confirm': { body: { user: testUser } },
    });
    const { person } = drawForm();
    await person.type(screen.getByLabelText('New password'), 'still waters');
    await person.type(screen.getByLabelText('Confirm password'), 'still waters');
    await person.click(screen.getByRole('button', { name: 'Update Password' }));

    await waitFor(() => expect(locationNow()).toBe('/'));
    expect(requests[0]?.body).toEqual({ token: 'reset-token', password: 'still waters' });
    expect(notify.success).toHaveBeenCalledWith(
      'Password updated',
      'You are now signed in with your new password.',
    );
  });

  it('explains a used or expired link and offers a new one', async () => {
    const message = 'This reset link has expired.';
    fakeApi({
      'POST /api/auth/password-reset/confirm': {
        status: 400,
        body: { error: 'VALIDATION_ERROR', message },
      },
    });
    const { person } = drawForm();
    await person.type(screen.getByLabelText('New password'), 'still waters');
    await person.type(screen.getByLabelText('Confirm password'), 'still waters');
    await person.click(screen.getByRole('button', { name: 'Update Password' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toBeInTheDocument();
  });
});
