import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '#client/lib/notify.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { locationNow, renderWithApp } from '#client/test/render.tsx';
import { LearnByHeartButton } from './learn-by-heart-button.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

beforeEach(() => vi.clearAllMocks());

const status = 'GET /api/memory-cards/status';

describe('Learn by heart', () => {
  it('adds the verse in its translation, toasts with a way to review, then says Learning', async () => {
    const { requests } = fakeApi({
      [status]: { body: { card_id: null } },
      'POST /api/memory-cards': { status: 201, body: { id: 'c1', reference: 'John 3:16' } },
    });
    const { person } = renderWithApp(
      <LearnByHeartButton reference="John 3:16" translation="web" />,
    );
    const button = await screen.findByRole('button', { name: 'Learn by heart John 3:16' });
    expect(requests[0]?.path).toBe('/api/memory-cards/status?reference=John+3%3A16');
    await person.click(button);

    await screen.findByRole('button', { name: 'Learning John 3:16' });
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      body: { reference: 'John 3:16', translation: 'web' },
    });
    expect(notify.success).toHaveBeenCalledWith('Added to Learn by Heart', 'John 3:16', {
      label: 'Review',
      onClick: expect.any(Function),
    });
    vi.mocked(notify.success).mock.calls[0]?.[2]?.onClick();
    await waitFor(() => expect(locationNow()).toBe('/memorize'));
  });

  it('says Learning for a verse already being learned, and adds nothing more', async () => {
    const { requests } = fakeApi({ [status]: { body: { card_id: 'c1' } } });
    const { person } = renderWithApp(<LearnByHeartButton reference="John 3:16" />);
    const button = await screen.findByRole('button', { name: 'Learning John 3:16' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await person.click(button);
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('asks a visitor to sign in, and asks the server nothing', async () => {
    const { requests } = fakeApi({});
    const onSignInRequired = vi.fn();
    const { person } = renderWithApp(
      <LearnByHeartButton reference="John 3:16" onSignInRequired={onSignInRequired} />,
      { user: null },
    );
    await person.click(screen.getByRole('button', { name: 'Learn by heart John 3:16' }));
    expect(onSignInRequired).toHaveBeenCalled();
    expect(notify.error).toHaveBeenCalledWith(
      'Sign in required',
      'Please sign in to learn verses by heart.',
      expect.objectContaining({ label: 'Sign In' }),
    );
    expect(requests).toHaveLength(0);
  });

  it('is not offered for a passage of several verses', () => {
    const { requests } = fakeApi({});
    renderWithApp(<LearnByHeartButton reference="Philippians 4:6-7" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('says Save Failed with the reason when the verse cannot be added', async () => {
    fakeApi({
      [status]: { body: { card_id: null } },
      'POST /api/memory-cards': {
        status: 409,
        body: { error: 'CONFLICT', message: 'You can learn up to 1000 verses at once.' },
      },
    });
    const { person } = renderWithApp(<LearnByHeartButton reference="John 3:16" />);
    await person.click(await screen.findByRole('button', { name: 'Learn by heart John 3:16' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'Save Failed',
        'You can learn up to 1000 verses at once.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Learn by heart John 3:16' })).toBeInTheDocument();
  });
});
