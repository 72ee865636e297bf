import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from '#client/lib/notify.ts';
import { isSpeechSupported } from './speech-support.ts';
import { verseElementId } from './use-verse-keys.ts';

type SpokenVerse = { verse: number; text: string };

/** The speeds offered, as rates of the voice's own; 1 unless chosen (kept on the device). */
export const readAloudRates = [0.75, 1, 1.25, 1.5, 2] as const;
export const readAloudRateKey = 'grounded.reader.readAloudRate';
/** The voice's rate at "1×": a little slower than the voices' default reads scripture better. */
const baseRate = 0.95;

export function parseStoredRate(stored: string | null): number {
  const value = Number(stored);
  return (readAloudRates as readonly number[]).includes(value) ? value : 1;
}

function storedRate(): number {
  try {
    return parseStoredRate(window.localStorage.getItem(readAloudRateKey));
  } catch {
    return 1;
  }
}

/** The sleep timer: off, at the end of this chapter, or after a number of minutes. */
export type SleepTimer = 'off' | 'chapter' | 15 | 30 | 60;
export const sleepTimers: readonly SleepTimer[] = ['off', 'chapter', 15, 30, 60];

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** The verse being read, kept in view: gently, or at once for a person who asked for less motion. */
function keepInView(verse: number) {
  const element = document.getElementById(verseElementId(verse));
  if (!element || typeof element.scrollIntoView !== 'function') return;
  element.scrollIntoView({
    block: 'nearest',
    behavior: prefersReducedMotion() ? 'auto' : 'smooth',
  });
}

export type ReadAloudOptions = {
  /**
   * What follows this chapter (the next chapter, or a plan day's next reading): called at the
   * chapter's end, it moves the reader there and answers true; false where reading ends.
   */
  onChapterEnd?: () => boolean;
  /** The lock screen's previous and next (Media Session): true when the reader moved. */
  onPrevious?: () => boolean;
  onNext?: () => boolean;
  /** What the lock screen shows: 'John 3', and the translation's name. */
  title: string;
  album: string;
  /**
   * The chapter `verses` belong to, as `chapterKey` names it: while the reader fetches the next
   * chapter it may still hold the last one's verses, which are not read again.
   */
  versesKey?: string | null;
};

function mediaSession(): MediaSession | null {
  return typeof navigator !== 'undefined' && 'mediaSession' in navigator
    ? navigator.mediaSession
    : null;
}

/**
 * Reads a chapter aloud with the browser's speech synthesis, one utterance per verse so the
 * verse being read is known, marked and kept in view (docs/product.md, the reader). Pausing
 * cancels and remembers the verse (pause()/resume() are unreliable across browsers). At the
 * chapter's end it goes on where onChapterEnd leads, and reads on there once its verses come;
 * a sleep timer ends it at the end of the chapter or after some minutes; the speed is kept on
 * the device; where the browser has the Media Session API, the lock screen shows the chapter and
 * plays, pauses and skips. `chapterKey` names the chapter `verses` belong to.
 */
export function useReadAloud(
  verses: readonly SpokenVerse[],
  chapterKey: string,
  options: ReadAloudOptions = { title: '', album: '' },
) {
  const [currentIndex, setCurrentIndex] = useState<number | null>(null);
  const [isPlaying, setIsPlaying] = useState(false);
  // Only drawn once reading starts (never in a prerendered page), so read from the device at once.
  const [rate, setRateState] = useState(() => (typeof window === 'undefined' ? 1 : storedRate()));
  const [sleep, setSleepState] = useState<SleepTimer>('off');
  const [sleepEndsAt, setSleepEndsAt] = useState<number | null>(null);
  // Each run gets a token; events from a cancelled run (onend fires on cancel) are ignored.
  const runRef = useRef(0);
  // Chrome drops utterances that nothing references before they finish speaking.
  const utteranceRef = useRef<SpeechSynthesisUtterance | null>(null);
  const resumeIndexRef = useRef(0);
  // Set at a chapter's end when the reader moved on: the next chapter's verses start reading.
  const continueFromRef = useRef<string | null>(null);
  // The latest of each, for the speech's callbacks, which outlive the render they were made in.
  const optionsRef = useRef(options);
  const chapterKeyRef = useRef(chapterKey);
  const sleepRef = useRef(sleep);
  const rateRef = useRef(rate);
  useEffect(() => {
    optionsRef.current = options;
    chapterKeyRef.current = chapterKey;
    sleepRef.current = sleep;
    rateRef.current = rate;
  });

  const stop = useCallback(() => {
    runRef.current += 1;
    // Only when this reader is speaking: the call costs a trip to the speech service, and
    // every chapter turn stops the reading.
    if (utteranceRef.current !== null && isSpeechSupported()) window.speechSynthesis.cancel();
    utteranceRef.current = null;
    setIsPlaying(false);
  }, []);

  const endSleep = useCallback(() => {
    setSleepState('off');
    setSleepEndsAt(null);
  }, []);

  const play = useCallback(
    (from?: number) => {
      if (!isSpeechSupported() || verses.length === 0) return;
      window.speechSynthesis.cancel();
      runRef.current += 1;
      const run = runRef.current;
      setIsPlaying(true);

      function speak(index: number) {
        if (run !== runRef.current) return;
        const verse = verses[index];
        if (!verse) {
          // The end of the chapter: on to what follows, unless the sleep timer ends it here.
          resumeIndexRef.current = 0;
          utteranceRef.current = null;
          setCurrentIndex(null);
          const goesOn = sleepRef.current !== 'chapter' && optionsRef.current.onChapterEnd?.();
          if (sleepRef.current === 'chapter') endSleep();
          if (goesOn) continueFromRef.current = chapterKey;
          else setIsPlaying(false);
          return;
        }
        resumeIndexRef.current = index;
        setCurrentIndex(index);
        keepInView(verse.verse);
        const utterance = new SpeechSynthesisUtterance(verse.text);
        utterance.lang = 'en';
        utterance.rate = baseRate * rateRef.current;
        utterance.onend = () => speak(index + 1);
        utterance.onerror = (event) => {
          if (run !== runRef.current) return;
          if (event.error === 'interrupted' || event.error === 'canceled') return;
          runRef.current += 1;
          setIsPlaying(false);
          setCurrentIndex(null);
          notify.error('Read Aloud Failed', 'Your browser could not read this chapter aloud.');
        };
        utteranceRef.current = utterance;
        window.speechSynthesis.speak(utterance);
      }

      speak(from ?? resumeIndexRef.current);
    },
    [verses, chapterKey, endSleep],
  );

  const toggle = useCallback(() => (isPlaying ? stop() : play()), [isPlaying, play, stop]);

  /** A new speed: kept on the device, and heard from the verse being read. */
  const setRate = useCallback(
    (next: number) => {
      const value = parseStoredRate(String(next));
      setRateState(value);
      rateRef.current = value;
      try {
        window.localStorage.setItem(readAloudRateKey, String(value));
      } catch {
        // Private modes may refuse storage: the speed holds for this visit.
      }
      if (isPlaying) play(resumeIndexRef.current);
    },
    [isPlaying, play],
  );

  const setSleep = useCallback((next: SleepTimer) => {
    setSleepState(next);
    setSleepEndsAt(typeof next === 'number' ? Date.now() + next * 60_000 : null);
  }, []);

  // The sleep timer's minutes: the reading stops when they run out.
  useEffect(() => {
    if (sleepEndsAt === null) return;
    const timer = window.setTimeout(
      () => {
        stop();
        endSleep();
      },
      Math.max(0, sleepEndsAt - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [sleepEndsAt, stop, endSleep]);

  // A different chapter (or leaving the reader) ends this chapter's reading; the next starts
  // afresh, or reads on when the reading led there.
  useEffect(() => {
    resumeIndexRef.current = 0;
    return () => {
      const goesOn = continueFromRef.current !== null;
      stop();
      setCurrentIndex(null);
      if (goesOn) setIsPlaying(true);
    };
  }, [chapterKey, stop]);

  const versesKey = options.versesKey === undefined ? chapterKey : options.versesKey;
  useEffect(() => {
    const from = continueFromRef.current;
    if (from === null || from === chapterKey || versesKey !== chapterKey) return;
    if (verses.length === 0) return;
    // A breath between chapters, as a reader takes.
    const timer = window.setTimeout(() => {
      continueFromRef.current = null;
      play(0);
    }, 400);
    return () => window.clearTimeout(timer);
  }, [chapterKey, versesKey, verses, play]);

  // Leaving the reader: nothing goes on speaking, and the lock screen lets go.
  useEffect(
    () => () => {
      continueFromRef.current = null;
      const session = mediaSession();
      if (!session) return;
      session.metadata = null;
      session.playbackState = 'none';
    },
    [],
  );

  // The lock screen (Media Session): the chapter, and play, pause, stop, previous and next.
  const { title, album } = options;
  useEffect(() => {
    function skip(move: (() => boolean) | undefined) {
      if (move?.()) continueFromRef.current = chapterKeyRef.current;
    }
    const session = mediaSession();
    if (!session || (!isPlaying && currentIndex === null)) return;
    if (typeof MediaMetadata === 'function') {
      session.metadata = new MediaMetadata({ title, artist: 'Grounded', album });
    }
    session.playbackState = isPlaying ? 'playing' : 'paused';
    const handlers: [MediaSessionAction, MediaSessionActionHandler | null][] = [
      ['play', () => play()],
      ['pause', () => stop()],
      [
        'stop',
        () => {
          stop();
          resumeIndexRef.current = 0;
          setCurrentIndex(null);
        },
      ],
      // Skipping from the lock screen reads on in the chapter it leads to.
      ['nexttrack', () => skip(optionsRef.current.onNext)],
      ['previoustrack', () => skip(optionsRef.current.onPrevious)],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not know.
      }
    }
  }, [isPlaying, currentIndex, title, album, play, stop]);

  return {
    isPlaying,
    /** Reading has started in this chapter (playing, or paused part way). */
    isActive: isPlaying || currentIndex !== null,
    currentVerse: currentIndex === null ? null : (verses[currentIndex]?.verse ?? null),
    toggle,
    rate,
    setRate,
    sleep,
    sleepEndsAt,
    setSleep,
  };
}
