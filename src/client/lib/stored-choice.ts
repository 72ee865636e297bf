/**
 * A choice kept on this device (localStorage) for useSyncExternalStore: read as it is now,
 * written with every reader told, and changes made in other tabs heard (the storage event).
 * Where storage is blocked (private mode, policies) the choice holds for this tab, applied but
 * not remembered. `parse` turns what is stored (null when nothing is) into a value.
 */
export function storedChoice<T extends string | number>(
  key: string,
  parse: (stored: string | null) => T,
) {
  let unstored: { value: T } | null = null;
  const listeners = new Set<() => void>();

  function read(): T {
    if (unstored !== null) return unstored.value;
    try {
      return parse(localStorage.getItem(key));
    } catch {
      return parse(null);
    }
  }

  function write(value: T): void {
    try {
      localStorage.setItem(key, String(value));
    } catch {
      unstored = { value };
    }
    for (const listener of listeners) listener();
  }

  function subscribe(onChange: () => void): () => void {
    listeners.add(onChange);
    window.addEventListener('storage', onChange);
    return () => {
      listeners.delete(onChange);
      window.removeEventListener('storage', onChange);
    };
  }

  return { read, write, subscribe };
}
