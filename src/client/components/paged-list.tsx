import { useVirtualizer, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { cn } from '../lib/cn.ts';
import { Button } from './ui/button.tsx';

/**
 * A list that grows a page at a time (issue 23): only the rows near the screen are in the DOM
 * (TanStack Virtual), the next page is asked for as the person nears the end, and a "Load more"
 * button does the same for keyboards, switch access and anyone who prefers to ask.
 */
export type PagedListProps<T> = {
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** A row's usual height in px, gap included; rows are measured once drawn. */
  estimateSize: number;
  /** Space between rows in px. */
  gap?: number;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  /** The button's words, e.g. "Load more entries". */
  loadMoreLabel: string;
  /** Names the list for assistive technology. */
  listLabel: string;
  /** A box that scrolls (a fixed-height list); the page scrolls otherwise. */
  scrollElement?: RefObject<HTMLElement | null>;
  className?: string;
  /** Rows drawn beyond the screen on each side. */
  overscan?: number;
};

/** How near the end (in rows) the next page is asked for. */
const prefetchRows = 5;

export function PagedList<T>(props: PagedListProps<T>) {
  return props.scrollElement ? (
    <BoxList {...props} scrollElement={props.scrollElement} />
  ) : (
    <WindowList {...props} />
  );
}

function WindowList<T>(props: PagedListProps<T>) {
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // The list's place on the page: rows are positioned from the top of the document.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => setScrollMargin(list.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: props.items.length,
    estimateSize: () => props.estimateSize,
    overscan: props.overscan ?? 4,
    gap: props.gap ?? 0,
    scrollMargin,
    getItemKey: (index) => keyAt(props, index),
  });
  return <Rows {...props} listRef={listRef} virtualizer={virtualizer} offset={scrollMargin} />;
}

function BoxList<T>(props: PagedListProps<T> & { scrollElement: RefObject<HTMLElement | null> }) {
  const listRef = useRef<HTMLUListElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer redraws its rows itself
  const virtualizer = useVirtualizer({
    count: props.items.length,
    getScrollElement: () => props.scrollElement.current,
    estimateSize: () => props.estimateSize,
    overscan: props.overscan ?? 4,
    gap: props.gap ?? 0,
    getItemKey: (index) => keyAt(props, index),
  });
  return <Rows {...props} listRef={listRef} virtualizer={virtualizer} offset={0} />;
}

function keyAt<T>({ items, getKey }: PagedListProps<T>, index: number): string {
  const item = items[index];
  return item === undefined ? String(index) : getKey(item);
}

function Rows<T, S extends Element | Window>({
  items,
  renderItem,
  hasMore,
  isLoadingMore,
  onLoadMore,
  loadMoreLabel,
  listLabel,
  className,
  listRef,
  virtualizer,
  offset,
}: PagedListProps<T> & {
  listRef: RefObject<HTMLUListElement | null>;
  virtualizer: Virtualizer<S, Element>;
  offset: number;
}) {
  const rows = virtualizer.getVirtualItems();
  const lastDrawn = rows.at(-1)?.index ?? -1;
  const isNearEnd = lastDrawn >= items.length - prefetchRows;

  // Nearing the end of what is loaded asks for the next page, once at a time.
  useEffect(() => {
    if (isNearEnd && hasMore && !isLoadingMore) onLoadMore();
  }, [isNearEnd, hasMore, isLoadingMore, onLoadMore]);

  return (
    <div className={className}>
      <ul
        ref={listRef}
        aria-label={listLabel}
        className="relative m-0 list-none p-0"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {rows.map((row) => {
          const item = items[row.index];
          if (item === undefined) return null;
          return (
            <li
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              aria-setsize={hasMore ? -1 : items.length}
              aria-posinset={row.index + 1}
              className="absolute top-0 left-0 w-full"
              style={{ transform: `translateY(${row.start - offset}px)` }}
            >
              {renderItem(item, row.index)}
            </li>
          );
        })}
      </ul>
      {hasMore || isLoadingMore ? (
        <div className={cn('flex justify-center pt-4')}>
          <Button
            type="button"
            variant="outline"
            onClick={onLoadMore}
            disabled={isLoadingMore}
            isBusy={isLoadingMore}
            busyLabel="Loading…"
          >
            {loadMoreLabel}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
