// Whether the browser can read aloud: in the reader's first load, apart from read-aloud's engine
// (use-read-aloud.ts), which comes later.
import { useSyncExternalStore } from 'react';

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
