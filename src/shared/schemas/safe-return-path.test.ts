import { describe, expect, it } from 'vitest';
import { sitePaths } from '#shared/site-routes.ts';
import { safeReturnPath } from './auth.ts';

/**
 * After signing in (with Google or on the sign-in page) the person is sent to
 * `return_to`. Whatever comes in, what goes out is a screen of this site.
 */
describe('safeReturnPath', () => {
  it.each([
    // Dot segments are resolved first: these become '//evil.example…', another site.
    '/..//evil.example/phish',
    '/.//evil.example',
    '/./..//evil.example',
    '/journal/..//evil.example',
    '/%2e%2e//evil.example',
    '/%2E%2E//evil.example/phish',
    '/.%2e//evil.example',
    '/%2e//evil.example',
    // Encoded slashes stay one segment: same site, but no screen of ours.
    '/%2E%2E%2F%2Fevil.example',
    '/%2f%2fevil.example',
    '/%5cevil.example',
    '/%5c%5cevil.example',
    // What browsers read as another host.
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    ' //evil.example',
    'https://evil.example',
    'https://evil.example/journal',
    'http:evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)//',
    'data:text/html,<script>alert(1)</script>',
    'journal',
    '',
    // The sign-in pages themselves would loop.
    '/auth',
    '/auth/',
    '/auth?x',
    '/auth?tab=signup',
    '/auth/reset-password?token=abc',
    '/./auth',
    // Not a screen of the app.
    '/no-such-screen',
    '/api/auth/signout',
    '/Journal',
    '/journalx',
    `/journal?q=${'a'.repeat(2100)}`,
  ])('sends %j home', (value) => {
    expect(safeReturnPath(value)).toBe('/');
  });

  it.each([
    undefined,
    null,
    42,
    ['/journal'],
    { pathname: '/journal' },
    new URL('http://x/journal'),
  ])('sends the non-string %j home', (value) => {
    expect(safeReturnPath(value)).toBe('/');
  });

  it.each([
    ['/', '/'],
    ['/journal', '/journal'],
    ['/read-bible?book=John&chapter=3', '/read-bible?book=John&chapter=3'],
    ['/journal?verse=1%20John%204%3A18', '/journal?verse=1%20John%204%3A18'],
    ['/settings#reminders', '/settings#reminders'],
    ['/saved-verses?theme=Hope&q=peace', '/saved-verses?theme=Hope&q=peace'],
    ['/moderation', '/moderation'],
    ['/terms-of-service', '/terms-of-service'],
    // Same screen, written another way: the screen's own path goes out.
    ['/journal/', '/journal'],
    ['/./journal', '/journal'],
    ['/bookmarks/../journal', '/journal'],
    // A query that names another site is only a query of our page.
    ['/journal?next=//evil.example', '/journal?next=//evil.example'],
  ])('keeps %j as %j', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it('accepts every screen of site-routes.ts but the sign-in pages', () => {
    for (const path of sitePaths) {
      expect(safeReturnPath(path), path).toBe(path.startsWith('/auth') ? '/' : path);
    }
  });

  it('always gives a path that stays on this site, resolved as a browser resolves it', () => {
    const origin = 'https://grounded.example';
    const inputs = ['/..//evil.example/phish', '/%2e%2e//evil.example', '/read-bible?book=John'];
    for (const value of inputs) {
      const path = safeReturnPath(value);
      expect(path).toMatch(/^\/(?![/\\])/);
      expect(new URL(path, origin).origin).toBe(origin);
    }
  });
});
