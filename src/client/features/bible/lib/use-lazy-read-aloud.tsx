import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import type {
  ReadAloud,
  ReadAloudSnapshot,
} from '#client/features/bible/components/read-aloud-controller.tsx';
import type { SleepTimer } from './use-read-aloud.ts';
import type { ReaderReadAloudInput } from './use-reader-read-aloud.ts';
import { useWhenIdle } from './use-when-idle.ts';

// Read-aloud's engine is not needed to show a chapter: it loads while the reader reads (as the
// verse dialog does), so a tap on 'Read aloud' nearly always finds it there and speaks within the
// tap, which some browsers require of speech; a tap before it has come starts it on arrival.
const loadController = () => import('#client/features/bible/components/read-aloud-controller.tsx');
const ReadAloudController = lazy(async () => ({
  default: (await loadController()).ReadAloudController,
}));

/** What the reader's tools show before the engine is there: not reading, the defaults. */
const notYet: ReadAloudSnapshot = {
  isPlaying: false,
  isActive: false,
  currentVerse: null,
  rate: 1,
  sleep: 'off',
  sleepEndsAt: null,
};

/**
 * The reader's read-aloud, its engine loaded when the browser is idle once the chapter is shown,
 * or at the first 'Read aloud'. `controller` is drawn anywhere in the page (it draws nothing).
 */
export function useLazyReadAloud(
  input: ReaderReadAloudInput,
  isChapterLoaded: boolean,
): { readAloud: ReadAloud; controller: ReactNode } {
  const [isWanted, setWanted] = useState(false);
  const [startNow, setStartNow] = useState(false);
  const [state, setState] = useState<ReadAloudSnapshot | null>(null);
  const controls = useRef<ReadAloud | null>(null);
  const want = useCallback(() => setWanted(true), []);
  useWhenIdle(isChapterLoaded && !isWanted ? want : null);
  const toggle = useCallback(() => {
    if (controls.current) {
      controls.current.toggle();
      return;
    }
    setWanted(true);
    setStartNow(true);
  }, []);
  const onStarted = useCallback(() => setStartNow(false), []);
  const setRate = useCallback((rate: number) => controls.current?.setRate(rate), []);
  const setSleep = useCallback((sleep: SleepTimer) => controls.current?.setSleep(sleep), []);
  return {
    readAloud: { ...(state ?? notYet), toggle, setRate, setSleep },
    controller: isWanted ? (
      <Suspense fallback={null}>
        <ReadAloudController
          input={input}
          controlsRef={controls}
          onChange={setState}
          startNow={startNow}
          onStarted={onStarted}
        />
      </Suspense>
    ) : null,
  };
}
