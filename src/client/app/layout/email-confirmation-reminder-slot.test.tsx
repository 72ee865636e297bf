import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryKey } from '#client/lib/session.ts';
import type { SessionResponse, SessionUser } from '#shared/schemas/auth.ts';
import { EmailConfirmationReminderSlot } from './email-confirmation-reminder-slot.tsx';
import { EmailConfirmationReminder } from './email-confirmation-reminder.tsx';

// Drawn to markup in Node, as the build prerenders and the server draws the reader's pages.

const user: SessionUser = {
  id: 'user-1',
  email: 'tabitha@example.com',
  display_name: 'Tabitha',
  profile_image_url: null,
  has_password: true,
  providers: ['password'],
  email_verified: false,
  is_moderator: false,
};

function drawSlot(session: SessionResponse | undefined, path = '/journal'): string {
  const queryClient = new QueryClient();
  if (session) queryClient.setQueryData(sessionQueryKey, session);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <EmailConfirmationReminderSlot />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('EmailConfirmationReminderSlot', () => {
  it('draws nothing while the session loads, for visitors, or once the e-mail is confirmed', () => {
    expect(drawSlot(undefined)).toBe('');
    expect(drawSlot({ user: null })).toBe('');
    expect(drawSlot({ user: { ...user, email_verified: true } })).toBe('');
  });

  it('stays off the /auth pages, the confirmation page above all', () => {
    expect(drawSlot({ user }, '/auth/confirm-email')).toBe('');
    expect(drawSlot({ user }, '/auth/reset-password')).toBe('');
  });

  it('waits for its own chunk for a signed-in person who has not confirmed', () => {
    // The reminder is lazy: nothing of it is in the markup until its chunk has loaded.
    expect(drawSlot({ user })).not.toContain('Confirm your e-mail');
  });
});

describe('EmailConfirmationReminder', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function draw(): string {
    return renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <EmailConfirmationReminder userId={user.id} email={user.email} />
      </QueryClientProvider>,
    );
  }

  it('is a quiet status line with the address, Send again and a named dismiss button', () => {
    const markup = draw();
    expect(markup).toMatch(/^<div role="status"/);
    expect(markup.replace(/<[^>]+>/g, '')).toContain(
      'Confirm your e-mail. We sent a link to tabitha@example.com.',
    );
    expect(markup).toContain('Send again</button>');
    expect(markup).toContain('aria-label="Dismiss the reminder to confirm your e-mail"');
  });

  it('stays away for the rest of the browser session once its user dismissed it', () => {
    const stored = new Map([['grounded:email-reminder-dismissed', user.id]]);
    vi.stubGlobal('sessionStorage', { getItem: (key: string) => stored.get(key) ?? null });
    expect(draw()).toBe('');
    // Someone else signing in on this browser still sees their own reminder.
    stored.set('grounded:email-reminder-dismissed', 'another-user');
    expect(draw()).toContain('Confirm your e-mail.');
  });
});
