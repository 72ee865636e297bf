import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

const invalidLink = 'This reset link is invalid or has expired. Please request a new one.';

function drawPage() {
  return renderWithApp(<ResetPasswordPage />, {
    user: null,
    route: '/auth/reset-password?token=reset-token',
    path: '/auth/reset-password',
  });
}

describe('the reset page', () => {
  it('says a used or expired link is invalid when it opens, with a way to a new one, and no form', async () => {
    const { requests } = fakeApi({
      'POST /api/auth/password-reset/check': {
        status: 400,
        body: { error: 'VALIDATION_ERROR', message: invalidLink },
      },
    });
    drawPage();
    expect(await screen.findByText(invalidLink)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/auth',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Password' })).not.toBeInTheDocument();
    expect(requests).toEqual([
      { method: 'POST', path: '/api/auth/password-reset/check', body: { token: 'reset-token' } },
    ]);
  });

  it('shows the form for a link that may still be used', async () => {
    fakeApi({ 'POST /api/auth/password-reset/check': { body: { valid: true } } });
    drawPage();
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    expect(screen.queryByText(invalidLink)).not.toBeInTheDocument();
  });
});
