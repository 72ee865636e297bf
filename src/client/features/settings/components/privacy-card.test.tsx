import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import { PrivacyCard } from './privacy-card.tsx';

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
