import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '#client/lib/notify.ts';
import { translationStorageKey } from '#client/lib/translation-device.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import { defaultSettings, type UserSettings } from '#shared/schemas/settings.ts';
import { TranslationCard } from './translation-card.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

const settings: UserSettings = {
  ...defaultSettings,
  user_id: 'user-1',
  updated_at: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => {
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
});

describe('the Bible translation card', () => {
  it('shows the saved choice, saves another, and keeps it on this device', async () => {
    const { requests } = fakeApi({
      'GET /api/settings': { body: { ...settings, translation: 'asv' } },
      'PATCH /api/settings': (request) => ({
        body: { ...settings, ...(request.body as Partial<UserSettings>) },
      }),
    });
    const { person } = renderWithApp(<TranslationCard />);
    const group = screen.getByRole('group', { name: 'Translation' });
    expect(group).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /American Standard Version/ })).toBeChecked(),
    );

    await person.click(screen.getByRole('radio', { name: /World English Bible/ }));
    expect(screen.getByRole('radio', { name: /World English Bible/ })).toBeChecked();
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'Settings Saved',
        'Verses will be shown in the World English Bible.',
      ),
    );
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      translation: 'web',
    });
    expect(localStorage.getItem(translationStorageKey)).toBe('web');
    expect(screen.getByRole('radio', { name: /World English Bible/ })).toBeChecked();
  });

  it("says 'Save Failed' and goes back to the saved choice when the save fails", async () => {
    fakeApi({
      'GET /api/settings': { body: settings },
      'PATCH /api/settings': { status: 500, body: { error: 'INTERNAL', message: 'Boom.' } },
    });
    const { person } = renderWithApp(<TranslationCard />);
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /King James Version/ })).toBeChecked(),
    );
    await person.click(screen.getByRole('radio', { name: /American Standard Version/ }));
    await waitFor(() => expect(notify.error).toHaveBeenCalled());
    expect(vi.mocked(notify.error).mock.calls[0]?.[0]).toBe('Save Failed');
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /King James Version/ })).toBeChecked(),
    );
    expect(localStorage.getItem(translationStorageKey)).toBe('kjv');
  });
});
