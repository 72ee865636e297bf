import { useSyncExternalStore } from 'react';
import { storedChoice } from '#client/lib/stored-choice.ts';

// The reader's study settings (decision 023), kept on this device and off until chosen: a page
// rendered in advance draws the plain text, and hydration applies what was chosen.

const parseSwitch = (stored: string | null): number => (stored === '1' ? 1 : 0);

const redLetters = storedChoice('grounded.reader.redLetters', parseSwitch);
const referenceMarks = storedChoice('grounded.reader.referenceMarks', parseSwitch);

export type StudySettings = {
  /** Christ's words in red, where the KJV's text marks them. */
  redLetters: boolean;
  /** A small mark after a verse with strong cross-references. */
  referenceMarks: boolean;
  setRedLetters: (on: boolean) => void;
  setReferenceMarks: (on: boolean) => void;
};

export function useStudySettings(): StudySettings {
  const isRed = useSyncExternalStore(redLetters.subscribe, redLetters.read, () => 0);
  const isMarked = useSyncExternalStore(referenceMarks.subscribe, referenceMarks.read, () => 0);
  return {
    redLetters: isRed === 1,
    referenceMarks: isMarked === 1,
    setRedLetters: (on) => redLetters.write(on ? 1 : 0),
    setReferenceMarks: (on) => referenceMarks.write(on ? 1 : 0),
  };
}
