import { useEffect, useEffectEvent } from 'react';
import { takePendingAction } from './pending-action.ts';
import { useSession } from './session.ts';

/**
 * Runs `resume` once, with the waiting action's data, when the person is signed in on the
 * screen the action was left on (lib/pending-action.ts). `parse` checks the data's shape (it
 * came back from storage) and answers null to drop it; it may answer later (a promise), as a
 * parse that loads zod with import() does (docs/decisions/014).
 */
export function usePendingAction<T>(
  kind: string,
  parse: (data: unknown) => T | null | Promise<T | null>,
  resume: (data: T) => void,
): void {
  const session = useSession();
  const isSignedIn = session.status === 'signed-in';
  const onParsed = useEffectEvent((parsed: T | null) => {
    if (parsed !== null) resume(parsed);
  });
  const onPending = useEffectEvent((data: unknown) => {
    // Taken from storage already: resumed even if the screen re-renders in between. A parse that
    // answers at once resumes at once, before anything else the screen starts.
    const parsed = parse(data);
    if (parsed instanceof Promise) void parsed.then(onParsed, () => undefined);
    else onParsed(parsed);
  });
  useEffect(() => {
    if (!isSignedIn) return;
    const data = takePendingAction(kind, window.location.pathname + window.location.search);
    if (data !== undefined) onPending(data);
  }, [isSignedIn, kind]);
}
