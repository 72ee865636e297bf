import { useMemo, useState, type RefObject } from 'react';

/**
 * A box that scrolls, for a list virtualized inside it (components/paged-list.tsx scrollElement).
 * A parent's ref is set only after its children's first layout effects, when the virtualizer has
 * already looked for its scroller; so the box is kept in state, and `scrollElement` is null until
 * the box is in the page: draw the list only then.
 */
export function useScrollBox<T extends HTMLElement>(): {
  boxRef: (element: T | null) => void;
  scrollElement: RefObject<T | null> | null;
} {
  const [box, setBox] = useState<T | null>(null);
  const scrollElement = useMemo(() => (box ? { current: box } : null), [box]);
  return { boxRef: setBox, scrollElement };
}
