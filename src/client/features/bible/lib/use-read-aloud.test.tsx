import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readAloudRateKey, useReadAloud, type ReadAloudOptions } from './use-read-aloud.ts';

// A speech synthesiser that speaks only when told: each test ends the utterance being spoken.
class FakeUtterance {
  text: string;
  lang = '';
  rate = 1;
  onend: (() => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  constructor(text: string) {
    this.text = text;
  }
}

let spoken: FakeUtterance[] = [];
let speaking: FakeUtterance | null = null;
const synth = {
  speak: vi.fn((utterance: FakeUtterance) => {
    spoken.push(utterance);
    speaking = utterance;
  }),
  cancel: vi.fn(() => {
    speaking = null;
  }),
};

/** The utterance being spoken comes to its end. */
function finish() {
  const current = speaking;
  speaking = null;
  act(() => current?.onend?.());
}

type Session = {
  metadata: { title: string; artist: string; album: string } | null;
  playbackState: string;
  handlers: Map<string, (() => void) | null>;
  setActionHandler: (action: string, handler: (() => void) | null) => void;
};
let session: Session;

beforeEach(() => {
  spoken = [];
  speaking = null;
  vi.stubGlobal('speechSynthesis', synth);
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  vi.stubGlobal(
    'MediaMetadata',
    class {
      title: string;
      artist: string;
      album: string;
      constructor(init: { title: string; artist: string; album: string }) {
        this.title = init.title;
        this.artist = init.artist;
        this.album = init.album;
      }
    },
  );
  session = {
    metadata: null,
    playbackState: 'none',
    handlers: new Map(),
    setActionHandler(action, handler) {
      this.handlers.set(action, handler);
    },
  };
  Object.defineProperty(navigator, 'mediaSession', { value: session, configurable: true });
  window.localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'mediaSession');
});

const john3 = [
  { verse: 16, text: 'For God so loved the world' },
  { verse: 17, text: 'For God sent not his Son' },
];
const john4 = [{ verse: 1, text: 'When therefore the Lord knew' }];

function render(options: Partial<ReadAloudOptions> = {}) {
  return renderHook(({ verses, chapterKey, opts }) => useReadAloud(verses, chapterKey, opts), {
    initialProps: {
      verses: john3,
      chapterKey: 'John 3',
      opts: { title: 'John 3', album: 'King James Version', ...options } as ReadAloudOptions,
    },
  });
}

describe('reading aloud', () => {
  it('reads verse by verse, marking each, and ends at the chapter when nothing follows', () => {
    const { result } = render();
    act(() => result.current.toggle());
    expect(result.current.isPlaying).toBe(true);
    expect(result.current.currentVerse).toBe(16);
    expect(spoken.map((utterance) => utterance.text)).toEqual(['For God so loved the world']);
    finish();
    expect(result.current.currentVerse).toBe(17);
    finish();
    expect(result.current.isPlaying).toBe(false);
    expect(result.current.currentVerse).toBeNull();
  });

  it('goes on into the next chapter once its verses come, and reads it from the top', () => {
    vi.useFakeTimers();
    const onChapterEnd = vi.fn(() => true);
    const { result, rerender } = render({ onChapterEnd });
    act(() => result.current.toggle());
    finish();
    finish();
    expect(onChapterEnd).toHaveBeenCalledTimes(1);
    // The reader moved on: the address names John 4 while the last chapter's verses are shown.
    const opts = { title: 'John 4', album: 'King James Version', onChapterEnd };
    rerender({ verses: john3, chapterKey: 'John 4', opts: { ...opts, versesKey: 'John 3' } });
    act(() => vi.advanceTimersByTime(1000));
    expect(spoken).toHaveLength(2);
    expect(result.current.isPlaying).toBe(true);
    rerender({ verses: john4, chapterKey: 'John 4', opts: { ...opts, versesKey: 'John 4' } });
    act(() => vi.advanceTimersByTime(1000));
    expect(spoken.at(-1)?.text).toBe('When therefore the Lord knew');
    expect(result.current.currentVerse).toBe(1);
  });

  it('stops at the end of the chapter with that sleep timer, and goes no further', () => {
    const onChapterEnd = vi.fn(() => true);
    const { result } = render({ onChapterEnd });
    act(() => result.current.setSleep('chapter'));
    act(() => result.current.toggle());
    finish();
    finish();
    expect(onChapterEnd).not.toHaveBeenCalled();
    expect(result.current.isPlaying).toBe(false);
    expect(result.current.sleep).toBe('off');
  });

  it('stops when the sleep timer’s minutes run out', () => {
    vi.useFakeTimers();
    const { result } = render();
    act(() => result.current.toggle());
    act(() => result.current.setSleep(15));
    expect(result.current.sleepEndsAt).toBe(Date.now() + 15 * 60_000);
    act(() => vi.advanceTimersByTime(14 * 60_000));
    expect(result.current.isPlaying).toBe(true);
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.isPlaying).toBe(false);
    expect(synth.cancel).toHaveBeenCalled();
    expect(result.current.sleep).toBe('off');
  });

  it('speaks at the chosen speed, from the verse being read, and keeps it on the device', () => {
    const { result, unmount } = render();
    act(() => result.current.toggle());
    expect(spoken[0]?.rate).toBeCloseTo(0.95);
    finish();
    act(() => result.current.setRate(1.5));
    expect(spoken.at(-1)?.text).toBe('For God sent not his Son');
    expect(spoken.at(-1)?.rate).toBeCloseTo(0.95 * 1.5);
    expect(window.localStorage.getItem(readAloudRateKey)).toBe('1.5');
    unmount();
    const again = render();
    expect(again.result.current.rate).toBe(1.5);
  });

  it('shows the chapter on the lock screen and takes play, pause and next there', () => {
    const onNext = vi.fn(() => true);
    const { result } = render({ onNext });
    act(() => result.current.toggle());
    expect(session.metadata).toMatchObject({
      title: 'John 3',
      artist: 'Grounded',
      album: 'King James Version',
    });
    expect(session.playbackState).toBe('playing');
    act(() => session.handlers.get('pause')?.());
    expect(result.current.isPlaying).toBe(false);
    expect(session.playbackState).toBe('paused');
    act(() => session.handlers.get('play')?.());
    expect(result.current.isPlaying).toBe(true);
    act(() => session.handlers.get('nexttrack')?.());
    expect(onNext).toHaveBeenCalled();
  });

  it('keeps the verse in view, at once for a person who asked for less motion', () => {
    const element = document.createElement('span');
    element.id = 'verse-16';
    const scrollIntoView = vi.fn();
    element.scrollIntoView = scrollIntoView;
    document.body.append(element);
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: query.includes('reduce'), media: query })),
    );
    const { result } = render();
    act(() => result.current.toggle());
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'nearest', behavior: 'auto' });
    element.remove();
  });
});
