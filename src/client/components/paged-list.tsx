import {
  defaultRangeExtractor,
  useVirtualizer,
  useWindowVirtualizer,
  type Range,
  type Virtualizer,
} from '@tanstack/react-virtual';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { cn } from '../lib/cn.ts';
import { useHasStarted } from '../lib/use-has-started.ts';
import { Button } from './ui/button.tsx';
import { Spinner } from './ui/spinner.tsx';

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
  /** A box that scrolls (a fixed-height list; get it from lib/use-scroll-box.ts); the page scrolls otherwise. */
  scrollElement?: RefObject<HTMLElement | null>;
  className?: string;
  /** Rows drawn beyond the screen on each side. */
  overscan?: number;
  /**
   * Columns side by side (e.g. 2 on wide screens); each row goes to the shortest column.
   * Default 1.
   */
  lanes?: number;
  /**
   * Keys of rows drawn wherever they are, even far from the screen: a card being edited keeps
   * the words not yet saved when the person scrolls away and back.
   */
  keepDrawn?: ReadonlySet<string>;
};

/** How near the end (in rows) the next page is asked for. */
const prefetchRows = 5;

/**
 * Rows drawn in the flow of the page on the server and while the browser hydrates them: the
 * virtualizer needs the window's size and scroll, which only the running app knows.
 */
const firstDrawnRows = 6;

export function PagedList<T>(props: PagedListProps<T>) {
  const hasStarted = useHasStarted();
  if (!hasStarted) return <FirstRows {...props} />;
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
    lanes: props.lanes ?? 1,
    scrollMargin,
    getItemKey: (index) => keyAt(props, index),
    rangeExtractor: (range) => drawnRows(props, range),
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
    lanes: props.lanes ?? 1,
    getItemKey: (index) => keyAt(props, index),
    rangeExtractor: (range) => drawnRows(props, range),
  });
  return <Rows {...props} listRef={listRef} virtualizer={virtualizer} offset={0} />;
}

/** The rows near the screen, and those asked to stay drawn (keepDrawn), in order. */
function drawnRows<T>({ items, getKey, keepDrawn }: PagedListProps<T>, range: Range): number[] {
  const near = defaultRangeExtractor(range);
  if (!keepDrawn || keepDrawn.size === 0) return near;
  const nearSet = new Set(near);
  const kept = items.flatMap((item, index) =>
    keepDrawn.has(getKey(item)) && !nearSet.has(index) ? [index] : [],
  );
  return kept.length === 0 ? near : [...near, ...kept].sort((a, b) => a - b);
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
  gap = 0,
  lanes = 1,
  listRef,
  virtualizer,
  offset,
}: PagedListProps<T> & {
  listRef: RefObject<HTMLUListElement | null>;
  virtualizer: Virtualizer<S, Element>;
  offset: number;
}) {
  const rows = virtualizer.getVirtualItems();
  const lastDrawn = rows.reduce((last, row) => Math.max(last, row.index), -1);
  const isNearEnd = lastDrawn >= items.length - prefetchRows;
  // The latest callback, so that a parent's new function on each render asks for nothing more.
  const loadMore = useRef(onLoadMore);
  useLayoutEffect(() => {
    loadMore.current = onLoadMore;
  });
  /** How many items there were when the next page was last asked for by scrolling. */
  const autoLoadedAt = useRef<number | null>(null);
  /** The row to focus once the page asked for with the button has come (its first new row). */
  const focusIndex = useRef<number | null>(null);

  // Nearing the end of what is loaded asks for the next page, once per page: a page that fails
  // is not asked for again and again (the button is there to try again).
  useEffect(() => {
    if (!isNearEnd || !hasMore || isLoadingMore || autoLoadedAt.current === items.length) return;
    autoLoadedAt.current = items.length;
    loadMore.current();
  }, [isNearEnd, hasMore, isLoadingMore, items.length]);

  // A keyboard user who asked for more lands on the first of the new rows, not on the page
  // (the button may have gone: there is nothing more to load).
  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || isLoadingMore) return;
    if (items.length <= index) {
      if (!hasMore) focusIndex.current = null;
      return;
    }
    focusIndex.current = null;
    const row = listRef.current?.querySelector<HTMLElement>(`li[data-index="${index}"]`);
    if (!row) return;
    row.tabIndex = -1;
    row.focus();
  }, [items.length, isLoadingMore, hasMore, listRef]);

  function askForMore() {
    if (isLoadingMore) return;
    focusIndex.current = items.length;
    onLoadMore();
  }

  const laneWidth = `calc((100% - ${gap * (lanes - 1)}px) / ${lanes})`;
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
              className="absolute top-0 left-0 w-full rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              style={{
                transform: `translateY(${row.start - offset}px)`,
                ...(lanes > 1
                  ? { width: laneWidth, left: `calc(${row.lane} * (${laneWidth} + ${gap}px))` }
                  : {}),
              }}
            >
              {renderItem(item, row.index)}
            </li>
          );
        })}
      </ul>
      {hasMore || isLoadingMore ? (
        <LoadMoreButton
          isLoadingMore={isLoadingMore}
          onClick={askForMore}
          loadMoreLabel={loadMoreLabel}
        />
      ) : null}
    </div>
  );
}

function LoadMoreButton({
  isLoadingMore,
  onClick,
  loadMoreLabel,
}: {
  isLoadingMore: boolean;
  onClick: () => void;
  loadMoreLabel: string;
}) {
  return (
    <div className={cn('flex justify-center pt-4')}>
      {/* aria-disabled, not disabled, while loading: the button keeps the focus. */}
      <Button
        type="button"
        variant="outline"
        onClick={onClick}
        aria-disabled={isLoadingMore || undefined}
        aria-busy={isLoadingMore || undefined}
        icon={isLoadingMore ? <Spinner className="size-4 text-current" /> : null}
      >
        {isLoadingMore ? 'Loading…' : loadMoreLabel}
      </Button>
    </div>
  );
}

/**
 * The first rows, one under the other, as a page drawn on the server shows them (and the
 * browser hydrates them); the virtualized list takes over as soon as the app has started.
 */
function FirstRows<T>({
  items,
  getKey,
  renderItem,
  hasMore,
  isLoadingMore,
  onLoadMore,
  loadMoreLabel,
  listLabel,
  className,
  gap = 0,
  estimateSize,
}: PagedListProps<T>) {
  return (
    <div className={className}>
      <ul
        aria-label={listLabel}
        className="m-0 flex list-none flex-col p-0"
        style={{ rowGap: gap }}
      >
        {items.slice(0, firstDrawnRows).map((item, index) => (
          <li
            key={getKey(item)}
            data-index={index}
            aria-setsize={hasMore ? -1 : items.length}
            aria-posinset={index + 1}
            className="rounded-2xl"
            // Rows below the screen are laid out only once scrolled to: the first paint on a
            // slow phone lays out what it shows.
            style={{
              contentVisibility: 'auto',
              containIntrinsicSize: `auto ${estimateSize - gap}px`,
            }}
          >
            {renderItem(item, index)}
          </li>
        ))}
      </ul>
      {hasMore || isLoadingMore ? (
        <LoadMoreButton
          isLoadingMore={isLoadingMore}
          onClick={onLoadMore}
          loadMoreLabel={loadMoreLabel}
        />
      ) : null}
    </div>
  );
}
