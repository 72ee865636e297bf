import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '#client/lib/notify.ts';
import { translationStorageKey } from '#client/lib/translation-device.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import { dayOfYear } from '#shared/content/verse-of-day.ts';
import { defaultSettings, type UserSettings } from '#shared/schemas/settings.ts';
import type { DailyVerseResponse } from '#shared/schemas/verses.ts';
import { VerseOfDayPage } from './verse-of-day-page.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

const day = dayOfYear(new Date());

const inKjv: DailyVerseResponse = {
  day,
  reference: 'Joshua 1:9',
  theme: 'Courage and Strength',
  text: 'Have not I commanded thee? Be strong and of a good courage…',
  translation: 'kjv',
};
const inWeb: DailyVerseResponse = {
  ...inKjv,
  text: 'Haven’t I commanded you? Be strong and courageous…',
  translation: 'web',
};

function settingsIn(translation: UserSettings['translation']): UserSettings {
  return {
    ...defaultSettings,
    translation,
    user_id: 'user-1',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

function scripture() {
  return screen.getByRole('region', { name: "Today's Scripture" });
}

beforeEach(() => {
  vi.mocked(notify.success).mockClear();
});

describe("the verse of the day in the person's translation", () => {
  it("asks for the member's translation, names it, and saves the verse in it", async () => {
    const { requests } = fakeApi({
      'GET /api/settings': { body: settingsIn('web') },
      [`GET /api/verses/daily/${day}`]: { body: inKjv },
      [`GET /api/verses/daily/${day}?translation=web`]: { body: inWeb },
      'GET /api/saved-verses/status': { body: { saved: false } },
      'POST /api/saved-verses': (request) => ({
        status: 201,
        body: {
          ...(request.body as object),
          id: 'saved-1',
          created_at: '2026-06-01T10:00:00.000Z',
        },
      }),
    });
    const { person } = renderWithApp(<VerseOfDayPage />);
    expect(await within(scripture()).findByText(inWeb.text, { exact: false })).toBeInTheDocument();
    expect(within(scripture()).getByText('(WEB)')).toBeInTheDocument();
    expect(requests.map((request) => request.path)).toContain(
      `/api/verses/daily/${day}?translation=web`,
    );
    // The member's choice is kept on this device too.
    expect(localStorage.getItem(translationStorageKey)).toBe('web');

    await person.click(screen.getByRole('button', { name: 'Save Verse' }));
    await screen.findByRole('button', { name: 'Saved' });
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual(
      expect.objectContaining({ text: inWeb.text, reference: 'Joshua 1:9', translation: 'web' }),
    );
  });

  it("asks a visitor for this device's translation", async () => {
    localStorage.setItem(translationStorageKey, 'asv');
    const inAsv = { ...inKjv, text: 'Have not I commanded thee? Be strong…', translation: 'asv' };
    const { requests } = fakeApi({
      [`GET /api/verses/daily/${day}?translation=asv`]: { body: inAsv },
    });
    renderWithApp(<VerseOfDayPage />, { user: null });
    await within(scripture()).findByText('(ASV)');
    expect(requests.map((request) => request.path)).toEqual([
      `/api/verses/daily/${day}?translation=asv`,
    ]);
  });

  it('asks for the KJV with no translation in the address when none is chosen', async () => {
    const { requests } = fakeApi({ [`GET /api/verses/daily/${day}`]: { body: inKjv } });
    renderWithApp(<VerseOfDayPage />, { user: null });
    await within(scripture()).findByText('(KJV)');
    await waitFor(() =>
      expect(requests.map((request) => request.path)).toEqual([`/api/verses/daily/${day}`]),
    );
  });
});
