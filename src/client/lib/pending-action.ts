/**
 * docs/product.md §4, pending actions: a visitor who starts something that needs an account (save this verse,
 * bookmark this chapter, keep this draft) and chooses 'Sign In' in the 'Sign in required' toast
 * comes back to the same screen after signing in, and the action completes there.
 *
 * The action waits in sessionStorage: this tab only (the Google round trip keeps it), gone when
 * the tab closes, and at most one at a time. It is taken once, by the screen it was left on,
 * within a quarter of an hour; signing out forgets it.
 */
const storageKey = 'grounded.pending-action';
const maxAgeMs = 15 * 60_000;

export type PendingAction = {
  /** What to do, e.g. 'save-feeling-verse'; the screen that handles it knows the data's shape. */
  kind: string;
  /** Everything needed to do it again: the verse, the chapter, the draft. */
  data: unknown;
};

type Stored = PendingAction & { path: string; at: number };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage switched off: the action is simply not resumed
  }
}

export function rememberPendingAction(action: PendingAction, path: string): void {
  const stored: Stored = { ...action, path, at: Date.now() };
  try {
    storage()?.setItem(storageKey, JSON.stringify(stored));
  } catch {
    // full or refused: nothing is resumed, as before
  }
}

export function forgetPendingAction(): void {
  try {
    storage()?.removeItem(storageKey);
  } catch {
    // nothing to forget
  }
}

function read(): Stored | null {
  try {
    const raw = storage()?.getItem(storageKey);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { kind, path, at, data } = value as Record<string, unknown>;
    if (typeof kind !== 'string' || typeof path !== 'string' || typeof at !== 'number') return null;
    return { kind, path, at, data };
  } catch {
    return null;
  }
}

/**
 * Takes the waiting action if it is of this kind, was left on this path and is fresh; it is
 * removed whether or not it is used, so that it can never run twice.
 */
export function takePendingAction(kind: string, path: string, now = Date.now()): unknown {
  const stored = read();
  if (!stored || stored.kind !== kind || stored.path !== path) return undefined;
  forgetPendingAction();
  if (now - stored.at > maxAgeMs || now < stored.at - 60_000) return undefined;
  return stored.data;
}
