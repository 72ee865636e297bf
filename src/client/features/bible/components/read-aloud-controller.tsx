import { useEffect, type RefObject } from 'react';
import {
  useReaderReadAloud,
  type ReaderReadAloudInput,
} from '#client/features/bible/lib/use-reader-read-aloud.ts';

export type ReadAloud = ReturnType<typeof useReaderReadAloud>;

/** What the reader's tools draw from read-aloud: its state, without its controls. */
export type ReadAloudSnapshot = Pick<
  ReadAloud,
  'isPlaying' | 'isActive' | 'currentVerse' | 'rate' | 'sleep' | 'sleepEndsAt'
>;

/**
 * Read-aloud's engine (the speech, the verse followed, the next chapter, the sleep timer, the lock
 * screen), drawn as nothing: the reader loads it when idle or at the first 'Read aloud', so it is
 * not in the chapter's first load. It hands its state up when it changes, and its controls
 * through `controlsRef`; `startNow` starts reading as soon as it is there (the tap came first).
 */
export function ReadAloudController({
  input,
  controlsRef,
  onChange,
  startNow,
  onStarted,
}: {
  input: ReaderReadAloudInput;
  controlsRef: RefObject<ReadAloud | null>;
  onChange: (state: ReadAloudSnapshot) => void;
  startNow: boolean;
  onStarted: () => void;
}) {
  const readAloud = useReaderReadAloud(input);
  useEffect(() => {
    controlsRef.current = readAloud;
  });
  const { isPlaying, isActive, currentVerse, rate, sleep, sleepEndsAt } = readAloud;
  useEffect(() => {
    onChange({ isPlaying, isActive, currentVerse, rate, sleep, sleepEndsAt });
  }, [isPlaying, isActive, currentVerse, rate, sleep, sleepEndsAt, onChange]);
  useEffect(() => {
    if (!startNow) return;
    const timer = window.setTimeout(() => {
      onStarted();
      controlsRef.current?.toggle();
    }, 0);
    return () => window.clearTimeout(timer);
  }, [startNow, onStarted, controlsRef]);
  useEffect(
    () => () => {
      controlsRef.current = null;
    },
    [controlsRef],
  );
  return null;
}
