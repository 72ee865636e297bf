/** Code fetched with import() when it is first needed (decision 014). */
export type LoadOnce<T> = {
  /** Starts the fetch, or joins the one under way; answers at once once it has come. */
  load: () => Promise<T>;
  /** What has come, or undefined until then. */
  loaded: () => T | undefined;
  /** Starts the fetch ahead of need (useIdlePreload); a failure waits for the next load(). */
  preload: () => void;
};

/**
 * `fetch` (an import()) run once and shared by every caller. A failure (a network error the
 * service worker cannot answer, a deploy in between) is not kept: the next call tries again.
 */
export function loadOnce<T>(fetch: () => Promise<T>): LoadOnce<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  const load = () => {
    pending ??= fetch().then(
      (result) => (value = result),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return {
    load,
    loaded: () => value,
    preload: () => void load().catch(() => undefined),
  };
}
