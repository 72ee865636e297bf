import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Button } from '#client/components/ui/button.tsx';

/**
 * The parts a member's own searchable list shares (the journal's entries, the notes): the live
 * line that counts what is loaded, the "nothing matches" block, the cards kept drawn while
 * edited, and where the focus goes after a delete.
 */

/**
 * The live line above the list. The server sends a page at a time and no total (decision 012),
 * so it only counts what has been loaded, and says so while older items remain.
 */
export function ownListSummary(
  count: number,
  {
    one,
    many,
    isFiltering,
    hasMore,
  }: { one: string; many: string; isFiltering: boolean; hasMore: boolean },
): string {
  const noun = count === 1 ? one : many;
  const counted = isFiltering ? `${count} matching ${noun}` : `${count} ${noun}`;
  return hasMore ? `Showing ${counted} so far` : counted;
}

/** When a search or filter finds nothing: says so, with one button to clear them. */
export function NoMatches({ message, onClear }: { message: string; onClear: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-border bg-card px-6 py-10 text-center">
      <p className="text-muted-foreground">{message}</p>
      <Button variant="outline" onClick={onClear}>
        Clear filters
      </Button>
    </div>
  );
}

/**
 * The ids of the cards being edited, which stay drawn when scrolled far away so their unsaved
 * words stay too, and the callback a card calls when its editing starts or ends.
 */
export function useEditingIds(): [ReadonlySet<string>, (id: string, isEditing: boolean) => void] {
  const [editingIds, setEditingIds] = useState<ReadonlySet<string>>(() => new Set());
  const trackEditing = useCallback((id: string, isEditing: boolean) => {
    setEditingIds((current) => {
      if (current.has(id) === isEditing) return current;
      const next = new Set(current);
      if (isEditing) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  return [editingIds, trackEditing];
}

type FocusAfterDelete = { deletedId: string; nextId: string | null };

/**
 * Once a deleted item's card has left the list, the focus that was on it goes to the next item's
 * delete button (else the previous one's), else to `fallback()` (the search box, or the empty
 * state's link): never to the page itself, where a keyboard user would have to start over.
 * `cardAttribute` names the data attribute that holds a card's id, `deleteSelector` its delete
 * button; `data` is the list's data, whose change may be the card leaving. Returns what a card
 * calls when it is deleted.
 */
export function useFocusAfterDelete(
  listRef: RefObject<HTMLElement | null>,
  {
    cardAttribute,
    deleteSelector,
    fallback,
    data,
  }: {
    cardAttribute: string;
    deleteSelector: string;
    fallback: () => HTMLElement | null;
    data: unknown;
  },
): (deletedId: string, nextId: string | null) => void {
  const pendingRef = useRef<FocusAfterDelete | null>(null);
  const fallbackRef = useRef(fallback);
  useEffect(() => {
    fallbackRef.current = fallback;
  });
  const move = useCallback(() => {
    const pending = pendingRef.current;
    const cardOf = (id: string) =>
      listRef.current?.querySelector<HTMLElement>(`[${cardAttribute}="${CSS.escape(id)}"]`) ?? null;
    if (!pending || cardOf(pending.deletedId)) return;
    pendingRef.current = null;
    const next = pending.nextId
      ? cardOf(pending.nextId)?.querySelector<HTMLElement>(deleteSelector)
      : null;
    (next ?? fallbackRef.current())?.focus();
  }, [listRef, cardAttribute, deleteSelector]);
  useEffect(move, [data, move]);
  return useCallback(
    (deletedId, nextId) => {
      pendingRef.current = { deletedId, nextId };
      // The card may already be gone; otherwise the effect above runs when it goes.
      move();
    },
    [move],
  );
}
