import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveVerseImage, verseShareText } from './save-verse-image.ts';

describe('verseShareText', () => {
  it('is the reference and the whole of a short verse', () => {
    expect(verseShareText({ reference: 'John 11:35', text: 'Jesus wept.' })).toBe(
      'John 11:35 Jesus wept.',
    );
  });

  it('keeps only the first 100 characters of a longer verse (product §9)', () => {
    const text =
      'Be careful for nothing; but in every thing by prayer and supplication with thanksgiving let your requests be made known unto God.';
    const shared = verseShareText({ reference: 'Philippians 4:6', text });
    expect(shared).toBe(`Philippians 4:6 ${text.slice(0, 100)}`);
    expect(shared.length).toBe('Philippians 4:6 '.length + 100);
  });

  it('names the translation after the reference when it is known', () => {
    expect(
      verseShareText({ reference: 'John 11:35', text: 'Jesus wept.', translation: 'web' }),
    ).toBe('John 11:35 (WEB) Jesus wept.');
  });

  it("writes one psalm as people do: 'Psalm 23:1'", () => {
    const text = 'The LORD is my shepherd; I shall not want.';
    expect(verseShareText({ reference: 'Psalms 23:1', text, translation: 'kjv' })).toBe(
      `Psalm 23:1 (KJV) ${text}`,
    );
  });
});

describe('saveVerseImage', () => {
  const verse = { reference: 'John 3:16', text: 'For God so loved the world' };
  const blob = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
  let link: {
    href: string;
    download: string;
    style: object;
    click: () => void;
    remove: () => void;
  };

  /** A browser as far as saveVerseImage looks: a phone or not, and what it can share. */
  function stubBrowser({ isPhone, share }: { isPhone: boolean; share?: () => Promise<void> }) {
    link = { href: '', download: '', style: {}, click: vi.fn(), remove: vi.fn() };
    vi.stubGlobal('window', { matchMedia: () => ({ matches: isPhone }) });
    vi.stubGlobal('navigator', share ? { canShare: () => true, share: vi.fn(share) } : {});
    vi.stubGlobal('document', { createElement: () => link, body: { append: vi.fn() } });
  }

  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:verse');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('downloads through a link named by the reference, and frees the URL after 30 s', async () => {
    stubBrowser({ isPhone: false });
    expect(await saveVerseImage(blob, verse)).toBe('downloaded');
    expect(link.click).toHaveBeenCalledOnce();
    expect(link).toMatchObject({ href: 'blob:verse', download: 'grounded-verse-John-3-16.png' });
    vi.advanceTimersByTime(29_999);
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:verse');
  });

  it('shares the file with the share text on a phone that can share files', async () => {
    stubBrowser({ isPhone: true, share: async () => {} });
    expect(await saveVerseImage(blob, verse)).toBe('shared');
    const [data] = vi.mocked(navigator.share).mock.calls[0] ?? [];
    expect(data?.text).toBe('John 3:16 For God so loved the world');
    expect(data?.files?.[0]?.name).toBe('grounded-verse-John-3-16.png');
    expect(data?.files?.[0]?.type).toBe('image/png');
    expect(link.click).not.toHaveBeenCalled();
  });

  it('does nothing more when the share sheet is dismissed', async () => {
    stubBrowser({
      isPhone: true,
      share: () => Promise.reject(new DOMException('Share canceled', 'AbortError')),
    });
    expect(await saveVerseImage(blob, verse)).toBe('shared');
    expect(link.click).not.toHaveBeenCalled();
  });

  it('downloads when sharing fails otherwise', async () => {
    stubBrowser({
      isPhone: true,
      share: () => Promise.reject(new DOMException('No activation', 'NotAllowedError')),
    });
    expect(await saveVerseImage(blob, verse)).toBe('downloaded');
    expect(link.click).toHaveBeenCalledOnce();
  });

  it('downloads on a desktop even where files could be shared', async () => {
    stubBrowser({ isPhone: false, share: async () => {} });
    expect(await saveVerseImage(blob, verse)).toBe('downloaded');
    expect(navigator.share).not.toHaveBeenCalled();
  });
});
