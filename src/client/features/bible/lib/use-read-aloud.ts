import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { notify } from '#client/lib/notify.ts';

type SpokenVerse = { verse: number; text: string };

export function isSpeechSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'speechSynthesis' in window &&
    typeof window.speechSynthesis?.speak === 'function' &&
    typeof window.SpeechSynthesisUtterance === 'function'
  );
}

const neverChanges = () => () => {};

/**
 * Whether the browser can read aloud. Not known where a page is rendered in advance: there the
 * button is drawn, as nearly every browser can speak, and hydration takes it away where it
 * cannot. Left out of the server's markup and added by hydration, it pushed the buttons beside
 * it onto a new line on a phone and the chapter down with them. (A plain check in render would
 * draw something else than the server's markup.)
 */
export function useSpeechSupport(): boolean {
  return useSyncExternalStore(neverChanges, isSpeechSupported, () => true);
}

/**
 * Reads a chapter aloud with the browser's speech synthesis, one utterance per verse so the
 * verse being read can be marked. Pausing cancels and remembers the verse (pause()/resume() are
 * unreliable across browsers); a new chapter or leaving the page stops it.
 */
export function useReadAloud(verses: readonly SpokenVerse[], chapterKey: string) {
  const [currentIndex, setCurrentIndex] = useState<number | null>(null);
  const [isPlaying, setIsPlaying] = useState(false);
  // Each run gets a token; events from a cancelled run (onend fires on cancel) are ignored.
  const runRef = useRef(0);
  // Chrome drops utterances that nothing references before they finish speaking.
  const utteranceRef = useRef<SpeechSynthesisUtterance | null>(null);
  const resumeIndexRef = useRef(0);

  const stop = useCallback(() => {
    runRef.current += 1;
    // Only when this reader is speaking: the call costs a trip to the speech service, and
    // every chapter turn stops the reading.
    if (utteranceRef.current !== null && isSpeechSupported()) window.speechSynthesis.cancel();
    utteranceRef.current = null;
    setIsPlaying(false);
  }, []);

  const play = useCallback(() => {
    if (!isSpeechSupported() || verses.length === 0) return;
    window.speechSynthesis.cancel();
    runRef.current += 1;
    const run = runRef.current;
    setIsPlaying(true);

    function speak(index: number) {
      if (run !== runRef.current) return;
      const verse = verses[index];
      if (!verse) {
        // The end of the chapter: the next play starts from the top.
        resumeIndexRef.current = 0;
        utteranceRef.current = null;
        setIsPlaying(false);
        setCurrentIndex(null);
        return;
      }
      resumeIndexRef.current = index;
      setCurrentIndex(index);
      const utterance = new SpeechSynthesisUtterance(verse.text);
      utterance.lang = 'en';
      utterance.rate = 0.95;
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

    speak(resumeIndexRef.current);
  }, [verses]);

  const toggle = useCallback(() => (isPlaying ? stop() : play()), [isPlaying, play, stop]);

  // A different chapter (or leaving the reader) ends the reading and starts the next one afresh.
  useEffect(() => {
    resumeIndexRef.current = 0;
    return () => {
      stop();
      setCurrentIndex(null);
    };
  }, [chapterKey, stop]);

  return {
    isPlaying,
    currentVerse: currentIndex === null ? null : (verses[currentIndex]?.verse ?? null),
    toggle,
  };
}
