import { useEffect, useEffectEvent } from 'react';
import { takePendingAction } from './pending-action.ts';
import { useSession } from './session.ts';

/**
 * Runs `resume` once, with the waiting action's data, when the person is signed in on the
 * screen the action was left on (lib/pending-action.ts). `parse` checks the data's shape (it
 * came back from storage) and answers null to drop it.
 */
export function usePendingAction<T>(
  kind: string,
  parse: (data: unknown) => T | null,
  resume: (data: T) => void,
): void {
  const session = useSession();
  const isSignedIn = session.status === 'signed-in';
  const onPending = useEffectEvent((data: unknown) => {
    const parsed = parse(data);
    if (parsed !== null) resume(parsed);
  });
  useEffect(() => {
    if (!isSignedIn) return;
    const data = takePendingAction(kind, window.location.pathname + window.location.search);
    if (data !== undefined) onPending(data);
  }, [isSignedIn, kind]);
}
