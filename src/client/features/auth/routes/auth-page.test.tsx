import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '#client/lib/notify.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { locationNow, renderWithApp, testUser } from '#client/test/render.tsx';
import { AuthPage } from './auth-page.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

function drawAuthPage() {
  return renderWithApp(<AuthPage />, { user: null, route: '/auth', path: '/auth' });
}

beforeEach(() => {
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
});

describe('signing in', () => {
  it('says what is missing under each field, moves focus to the first and sends nothing', async () => {
    const { requests } = fakeApi({});
    const { person } = drawAuthPage();
    await person.click(screen.getByRole('button', { name: 'Sign In' }));

    const email = screen.getByLabelText('Email');
    // The rules are checked once their code has come (lib/lazy-resolver.ts).
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter your e-mail address.'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);

    // Typing in a field takes its message away until the next try.
    await person.type(email, 'r');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Enter your e-mail address.')).not.toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
  });

  it('sends the e-mail as the server keeps it, welcomes the person and leaves /auth', async () => {
    const { requests } = fakeApi({ 'POST /api/auth/signin': { body: { user: testUser } } });
    const { person } = drawAuthPage();
    await person.type(screen.getByLabelText('Email'), '  Lydia@Example.com ');
    await person.type(screen.getByLabelText('Password'), 'purple dye');
    await person.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(locationNow()).toBe('/'));
    expect(requests.find((request) => request.path === '/api/auth/signin')?.body).toEqual({
      email: 'lydia@example.com',
      password: 'purple dye',
    });
    expect(notify.success).toHaveBeenCalledWith('Welcome back!', "You've successfully signed in.");
  });

  it("shows the server's refusal in a toast and stays", async () => {
    fakeApi({
      'POST /api/auth/signin': {
        status: 401,
        body: { error: 'UNAUTHORIZED', message: 'Invalid e-mail or password.' },
      },
    });
    const { person } = drawAuthPage();
    await person.type(screen.getByLabelText('Email'), 'lydia@example.com');
    await person.type(screen.getByLabelText('Password'), 'wrong one');
    await person.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Sign in failed', 'Invalid e-mail or password.'),
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(locationNow()).toBe('/auth');
  });
});

describe('signing up', () => {
  async function openSignUp() {
    const drawn = drawAuthPage();
    await drawn.person.click(screen.getByRole('tab', { name: 'Sign Up' }));
    return drawn;
  }

  it('asks for a name, an e-mail and a password, with the limits of the shared schema', async () => {
    const { requests } = fakeApi({});
    const { person } = await openSignUp();
    const name = screen.getByLabelText('Full name');
    expect(name).toHaveAttribute('maxlength', '80');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 6 characters');

    await person.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(name).toHaveAccessibleDescription('Enter your name.');
    expect(name).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Enter your e-mail address.',
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password should be at least 6 characters.',
    );
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it.each(['      ', '\t\u00a0\u3000\t\u00a0\u3000'])(
    'refuses a password of only spaces (%j) under the password field',
    async (password) => {
      fakeApi({});
      const { person } = await openSignUp();
      await person.type(screen.getByLabelText('Full name'), 'Ruth');
      await person.type(screen.getByLabelText('Email'), 'ruth@example.com');
      await person.type(screen.getByLabelText('Password'), password);
      await person.click(screen.getByRole('button', { name: 'Create Account' }));

      const field = screen.getByLabelText('Password');
      expect(field).toHaveAccessibleDescription('Your password cannot be only spaces.');
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(screen.queryByText('At least 6 characters')).not.toBeInTheDocument();
    },
  );

  it('sends a password with spaces around real characters as typed', async () => {
    const { requests } = fakeApi({
      'POST /api/auth/signup': { status: 201, body: { user: testUser } },
    });
    const { person } = await openSignUp();
    await person.type(screen.getByLabelText('Full name'), ' Ruth ');
    await person.type(screen.getByLabelText('Email'), 'ruth@example.com');
    await person.type(screen.getByLabelText('Password'), '  quiet harbour  ');
    await person.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(locationNow()).toBe('/'));
    expect(requests.find((request) => request.path === '/api/auth/signup')?.body).toEqual({
      email: 'ruth@example.com',
      password: '  quiet harbour  ',
      display_name: 'Ruth',
    });
    expect(notify.success).toHaveBeenCalledWith('Welcome to Grounded!', 'Your account is ready.');
  });

  it('puts "already registered" under the e-mail field as well as in a toast', async () => {
    const message = 'An account with this e-mail already exists.';
    fakeApi({ 'POST /api/auth/signup': { status: 409, body: { error: 'CONFLICT', message } } });
    const { person } = await openSignUp();
    await person.type(screen.getByLabelText('Full name'), 'Ruth');
    await person.type(screen.getByLabelText('Email'), 'ruth@example.com');
    await person.type(screen.getByLabelText('Password'), 'gleaning');
    await person.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(message),
    );
    expect(notify.error).toHaveBeenCalledWith('Sign up failed', message);
  });

  it('keeps the e-mail typed on the other tab', async () => {
    fakeApi({});
    const { person } = drawAuthPage();
    await person.type(screen.getByLabelText('Email'), 'ruth@example.com');
    await person.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ruth@example.com');
  });
});

describe('forgot password', () => {
  it('asks for the address, sends the link and comes back to the button that opened it', async () => {
    const { requests } = fakeApi({
      'POST /api/auth/password-reset': { body: { message: 'If an account exists…' } },
    });
    const { person } = drawAuthPage();
    await person.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const form = screen.getByRole('form', { name: 'Reset your password' });
    const email = within(form).getByLabelText('Email');
    expect(email).toHaveFocus();

    await person.type(email, 'not an address');
    await person.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(email).toHaveAccessibleDescription('Enter a valid e-mail address.');
    expect(email).toHaveFocus();

    await person.clear(email);
    await person.type(email, 'Ruth@Example.com');
    await person.click(screen.getByRole('button', { name: 'Send reset link' }));

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Forgot password?' })).toHaveFocus(),
    );
    expect(requests.find((request) => request.path === '/api/auth/password-reset')?.body).toEqual({
      email: 'ruth@example.com',
    });
    expect(notify.success).toHaveBeenCalledWith(
      'Password reset sent',
      'Check your email for the password reset link.',
    );
    // The address typed there is kept for signing in.
    expect(screen.getByLabelText('Email')).toHaveValue('Ruth@Example.com');
  });
});
