import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { authProvidersQueryOptions } from '#client/api/sign-in.ts';
import { testUser } from '#client/test/render.tsx';
import type { SessionUser } from '#shared/schemas/auth.ts';
import { SignInMethodsCard } from './sign-in-methods-card.tsx';

// The unit tests run in Node without a DOM: the card is drawn to markup as the server would,
// with the answer of GET /api/auth/providers already in the cache.

const baseUser: SessionUser = { ...testUser, email_verified: false };

function draw(user: Partial<SessionUser>, { isGoogleOffered = true } = {}): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(authProvidersQueryOptions.queryKey, { google: isGoogleOffered });
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <SignInMethodsCard user={{ ...baseUser, ...user }} />
    </QueryClientProvider>,
  );
}

/** The opening tags of the buttons whose text (sr-only part included) is `name`. */
function buttons(markup: string, name: string): string[] {
  const pattern = /<button([^>]*)>(.*?)<\/button>/g;
  return [...markup.matchAll(pattern)]
    .filter(([, , inner]) => inner?.replace(/<[^>]+>/g, '') === name)
    .map(([, attributes]) => attributes ?? '');
}

describe('SignInMethodsCard', () => {
  it('never offers to remove the only way in, and says why next to the control', () => {
    const markup = draw({});
    const [remove] = buttons(markup, 'Remove password');
    expect(remove).toContain('disabled=""');
    const reasonId = /aria-describedby="([^"]+)"/.exec(remove ?? '')?.[1];
    expect(markup).toContain(
      `id="${reasonId}" class="text-xs text-muted-foreground">It is your only way to sign in.</p>`,
    );
  });

  it('asks for the e-mail to be confirmed before Google may be connected', () => {
    const markup = draw({ email_verified: false });
    expect(markup).toContain('Not confirmed yet');
    expect(buttons(markup, 'Send again')).toHaveLength(1);
    expect(markup).toContain('You can connect Google once your e-mail is confirmed.');
    expect(markup).not.toContain('Connect Google</a>');
  });

  it('offers to connect Google to this account, back to Settings, once the e-mail is confirmed', () => {
    const markup = draw({ email_verified: true });
    expect(markup).toContain('Confirmed');
    expect(markup).not.toContain('Not confirmed yet');
    expect(buttons(markup, 'Send again')).toHaveLength(0);
    // connect=1: the server joins Google to the signed-in account only.
    expect(markup).toContain('href="/api/auth/google?connect=1&amp;return_to=%2Fsettings"');
  });

  it('says so when the server has no Google sign-in', () => {
    const markup = draw({ email_verified: true }, { isGoogleOffered: false });
    expect(markup).toContain('Google sign-in is not offered on this server.');
    expect(markup).not.toContain('/api/auth/google');
  });

  it('lets either of two methods be removed, each behind its own confirmation', () => {
    const markup = draw({ email_verified: true, providers: ['password', 'google'] });
    for (const name of ['Remove password', 'Remove Google']) {
      const [trigger] = buttons(markup, name);
      expect(trigger).toContain('aria-haspopup="dialog"');
      expect(trigger).not.toContain('disabled=""');
    }
    expect(markup).not.toContain('It is your only way to sign in.');
  });

  it('offers a password to an account that signs in with Google only', () => {
    const markup = draw({ email_verified: true, has_password: false, providers: ['google'] });
    expect(markup).toContain('Not set up');
    expect(buttons(markup, 'Add a password')).toHaveLength(1);
    expect(buttons(markup, 'Remove Google')[0]).toContain('disabled=""');
  });
});
