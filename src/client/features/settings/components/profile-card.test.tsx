import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '#client/lib/notify.ts';
import { sessionQueryKey } from '#client/lib/session.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import type { SessionResponse } from '#shared/schemas/auth.ts';
import type { Profile } from '#shared/schemas/profile.ts';
import { ProfileCard } from './profile-card.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

const profile: Profile = {
  user_id: 'user-1',
  email: 'lydia@example.com',
  display_name: 'Lydia',
  profile_image_url: null,
  updated_at: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => {
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
});

describe('the profile card', () => {
  it('saves a new display name, and the header greets the person by it', async () => {
    const { requests } = fakeApi({
      'GET /api/profile': { body: profile },
      'PATCH /api/profile': (request) => ({
        body: { ...profile, ...(request.body as Partial<Profile>) },
      }),
    });
    const { person, queryClient } = renderWithApp(<ProfileCard />);
    const name = await screen.findByLabelText('Display name');
    expect(screen.getByLabelText('Email')).toHaveValue('lydia@example.com');
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();

    await person.clear(name);
    await person.type(name, '  Lydia of Thyatira ');
    await person.click(save);

    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'Settings Saved',
        'Your profile has been updated.',
      ),
    );
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      display_name: 'Lydia of Thyatira',
    });
    expect(name).toHaveValue('Lydia of Thyatira');
    expect(save).toBeDisabled();
    expect(queryClient.getQueryData<SessionResponse>(sessionQueryKey)?.user?.display_name).toBe(
      'Lydia of Thyatira',
    );
  });

  it('holds the name to the limit of the shared schema and refuses a blank one', async () => {
    const { requests } = fakeApi({ 'GET /api/profile': { body: profile } });
    const { person } = renderWithApp(<ProfileCard />);
    const name = await screen.findByLabelText('Display name');
    expect(name).toHaveAttribute('maxlength', '80');

    await person.clear(name);
    await person.type(name, '   ');
    await person.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(name).toHaveAccessibleDescription('Enter your name.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((request) => request.method === 'PATCH')).toEqual([]);

    await person.type(name, 'L');
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it("shows the server's refusal under the field and toasts it", async () => {
    fakeApi({
      'GET /api/profile': { body: profile },
      'PATCH /api/profile': {
        status: 400,
        body: { error: 'VALIDATION_ERROR', message: 'That name is not allowed.' },
      },
    });
    const { person } = renderWithApp(<ProfileCard />);
    const name = await screen.findByLabelText('Display name');
    await person.type(name, 'x');
    await person.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(name).toHaveAccessibleDescription('That name is not allowed.'));
    expect(notify.error).toHaveBeenCalledWith(
      'Save Failed',
      'There was an error saving your settings. Please try again.',
    );
  });

  it('shows the picture part beside the name form, fetched alongside the profile', async () => {
    fakeApi({ 'GET /api/profile': { body: profile } });
    renderWithApp(<ProfileCard />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your profile...');
    const picture = await screen.findByRole('group', { name: 'Profile picture' });
    expect(picture.querySelector('[data-initials]')).toHaveAttribute('data-initials', 'L');
    expect(screen.getByRole('button', { name: 'Choose a picture' })).toBeInTheDocument();
    expect(screen.getByLabelText('Display name')).toHaveValue('Lydia');
  });

  it('says when the profile could not be loaded, with Try again', async () => {
    fakeApi({ 'GET /api/profile': { status: 500, body: { error: 'INTERNAL', message: 'x' } } });
    renderWithApp(<ProfileCard />);
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your profile.");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
