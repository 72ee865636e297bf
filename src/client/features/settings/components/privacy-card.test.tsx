import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '#client/lib/notify.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import { PrivacyCard } from './privacy-card.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

describe('the privacy card', () => {
  it('names everything the export holds and the deletion removes', () => {
    fakeApi({});
    renderWithApp(<PrivacyCard hasPassword />, { route: '/settings' });
    const download = screen.getByRole('heading', { name: 'Download your data' }).nextElementSibling;
    const held = download?.textContent ?? '';
    // Every kind of row the server's export writes (account-export.ts).
    for (const kind of [
      'profile',
      'profile picture',
      'settings',
      'notifications',
      'journal entries',
      'prayers',
      'saved verses',
      'highlights',
      'bookmarks',
      'reading progress',
      'reading plans',
      'streaks',
      'memory cards',
      'testimonies',
    ]) {
      expect(held).toContain(kind);
    }
    const deletion = screen.getByRole('heading', {
      name: 'Delete your account',
    }).nextElementSibling;
    expect(deletion).toHaveTextContent(
      'Permanently erase your account and everything in it: your profile and picture, settings, notifications, journal entries and prayers, saved verses, highlights, bookmarks, reading progress, reading plans, streaks, memory cards and testimonies.',
    );
  });
});

describe('the open exports', () => {
  /** The files handed to the browser's download manager: the links clicked, by name. */
  let saved: string[];
  beforeEach(() => {
    saved = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.mocked(notify.success).mockClear();
    vi.mocked(notify.error).mockClear();
  });

  it.each([
    ['Markdown', 'markdown'],
    ['CSV', 'csv'],
  ])('Download as %s asks for the zip of that format and saves it', async (label, format) => {
    const api = fakeApi({
      [`GET /api/account/export.zip?format=${format}`]: { body: 'zip bytes' },
    });
    renderWithApp(<PrivacyCard hasPassword />, { route: '/settings' });
    const button = screen.getByRole('button', { name: `Download as ${label}` });
    await userEvent.click(button);

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(api.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      `GET /api/account/export.zip?format=${format}`,
    ]);
    // Without a name from the server, today's: grounded-markdown-2026-11-28.zip.
    expect(saved[0]).toMatch(new RegExp(`^grounded-${format}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
    expect(notify.success).toHaveBeenCalledWith(
      'Download started',
      `Your notes, highlights, journal and saved verses are being saved as ${label} files in a zip.`,
    );
    // The other downloads stay as they were.
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });

  it('says how long to wait when the person has downloaded too often', async () => {
    const message =
      'You have downloaded your data several times in the last hour. Please wait 42 minutes and try again.';
    fakeApi({
      'GET /api/account/export.zip?format=csv': {
        status: 429,
        body: { error: 'RATE_LIMITED', message },
      },
    });
    renderWithApp(<PrivacyCard hasPassword />, { route: '/settings' });
    await userEvent.click(screen.getByRole('button', { name: 'Download as CSV' }));

    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Download Failed', message));
    expect(saved).toEqual([]);
  });
});
