import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chapterStudyUrl } from '#client/api/study.ts';
import { studyCache, studyDictionaryUrl } from '#client/lib/offline/cache-names.ts';
import { FakeCacheStorage } from '#client/test/fake-caches.ts';
import { books } from '#shared/bible/books.ts';
import { canonicalChapters } from '#shared/bible/chapter.ts';
import { studyDownloadBytes } from '#shared/rules/study-download.ts';

const storage = new FakeCacheStorage();
let releasePack: () => void = () => undefined;

beforeAll(() => {
  vi.stubGlobal('caches', storage);
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === studyDictionaryUrl) return new Response('{"entries":{}}');
    if (!url.startsWith('/api/study/download?')) return new Response('{}', { status: 404 });
    const lines = canonicalChapters().map(
      ({ bookIndex, chapter }) =>
        `${JSON.stringify({ book: books[bookIndex]?.name, chapter, verses: [] })}\n`,
    );
    const encoder = new TextEncoder();
    // Half the chapters at once, the rest when the test lets them come.
    const held = new Promise<void>((resolve) => {
      releasePack = resolve;
    });
    return new Response(
      new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode(lines.slice(0, 600).join('')));
          await held;
          controller.enqueue(encoder.encode(lines.slice(600).join('')));
          controller.close();
        },
      }),
    );
  });
});
afterAll(() => {
  vi.unstubAllGlobals();
});

describe('OfflineDownload: study notes for offline use', () => {
  it('shows the download’s size before it starts, its progress, and that one download covers every translation', async () => {
    // The stores read Cache Storage when first loaded.
    const { OfflineDownload } = await import('./offline-download.tsx');
    render(<OfflineDownload translation="web" />);
    const size = `${(studyDownloadBytes / 1_000_000).toFixed(1)} MB`;
    const start = await screen.findByRole('button', {
      name: `Study notes for offline use · ${size}`,
    });
    await waitFor(() => expect(start).toBeEnabled());
    expect(size).toMatch(/^\d+\.\d MB$/);

    await userEvent.click(start);
    const bar = await screen.findByRole('progressbar', { name: 'Downloading the study notes' });
    await waitFor(() =>
      expect(bar).toHaveAttribute('aria-valuetext', '50%: 600 of 1,189 chapters'),
    );
    expect(screen.getByRole('button', { name: 'Cancel the study notes’ download' })).toHaveFocus();

    releasePack();
    await screen.findByText(
      'The study notes are available offline on this device, for every translation.',
    );
    expect(screen.queryByRole('button', { name: /Study notes/ })).toBeNull();
    const cache = await storage.open(studyCache);
    expect(await cache.text(chapterStudyUrl(65, 22))).toContain('"book":"Revelation"');
  });
});
