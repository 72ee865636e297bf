import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type RefObject,
} from 'react';
import { cn } from '#client/lib/cn.ts';
import { loadOnce } from '#client/lib/load-once.ts';
import { useHasStarted } from '#client/lib/use-has-started.ts';
import { useLoaded } from '#client/lib/use-loaded.ts';
import type { RowLayout } from './paged-list-virtualizer.tsx';
import { Button } from './ui/button.tsx';
import { Spinner } from './ui/spinner.tsx';

/**
 * A list that grows a page at a time (decision 012): once it can grow past its first page, only
 * the rows near the screen are in the DOM (TanStack Virtual, paged-list-virtualizer.tsx,
 * fetched once the app has started, not with the screen: decision 014) and the next page is asked for as the
 * person nears the end; a "Load more" button does the same for keyboards, switch access and
 * anyone who prefers to ask. A list of one page that cannot grow is drawn whole.
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

/** Up to this many rows, a list that cannot grow is drawn whole, with no virtualizer. */
const wholeListRows = 20;

const virtualizerCode = loadOnce(() => import('./paged-list-virtualizer.tsx'));

export function PagedList<T>({
  items,
  getKey,
  renderItem,
  estimateSize,
  gap = 0,
  hasMore,
  isLoadingMore,
  onLoadMore,
  loadMoreLabel,
  listLabel,
  scrollElement,
  className,
  overscan = 4,
  lanes = 1,
  keepDrawn,
}: PagedListProps<T>) {
  const hasStarted = useHasStarted();
  // Fetched as soon as the app has started, before a person acts; until it has come (or if it
  // cannot), the list draws its rows in the flow of the page, the "Load more" button working.
  const virtualizer = useLoaded(
    virtualizerCode,
    hasStarted && (hasMore || items.length > wholeListRows),
  );
  const [layout, setLayout] = useState<RowLayout | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const keyAt = (index: number) => {
    const item = items[index];
    return item === undefined ? String(index) : getKey(item);
  };
  // The row holding the focus stays drawn wherever it is (as do the rows of keepDrawn): a
  // keyboard or screen reader user never has the focus taken out of the page under them, when
  // the virtualizer takes over or as the list scrolls.
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  /** Whether the focus is anywhere in the list or on its button. */
  const [isFocusIn, setIsFocusIn] = useState(false);
  const keptIndexes =
    keepDrawn?.size || focusedKey !== null
      ? items.flatMap((item, index) => {
          const key = getKey(item);
          return key === focusedKey || keepDrawn?.has(key) ? [index] : [];
        })
      : [];
  // The virtualizer takes over once it has placed rows (its first pass, before it has measured
  // the window, places none, which would take every row out of the page and draw it anew), and
  // not while the focus is in the list: rows placed anew under a keyboard user could move the
  // focused one out of sight. Once it has taken over, it stays.
  const [hasTakenOver, setHasTakenOver] = useState(false);
  const canTakeOver =
    virtualizer !== undefined && layout !== null && (layout.rows.length > 0 || items.length === 0);
  const isVirtual = canTakeOver && (hasTakenOver || !isFocusIn);
  // Noted during render (React's pattern for state that follows other state): no extra pass.
  if (isVirtual && !hasTakenOver) setHasTakenOver(true);
  // Before the app has started, the first rows; then every row until the virtualizer has come.
  // The virtualizer's rows are a render behind a change of the items (a row removed): each is
  // keyed by the item now at its place, so that no row is drawn anew for that one render.
  const drawn: { index: number; key: string; start: number; lane: number }[] = isVirtual
    ? layout.rows
        .filter((row) => row.index < items.length)
        .map((row) => ({ ...row, key: keyAt(row.index) }))
    : items
        .slice(0, hasStarted ? items.length : firstDrawnRows)
        .map((item, index) => ({ index, key: getKey(item), start: 0, lane: 0 }));

  const lastDrawn = isVirtual ? drawn.reduce((last, row) => Math.max(last, row.index), -1) : -1;
  // Rows in the flow (the virtualizer not come yet, or kept out while the focus is in the list:
  // a person editing an entry who scrolls on): the end of the list coming near the screen.
  const endRef = useRef<HTMLDivElement>(null);
  const isEndNear = useIsNear(endRef, {
    isWatched: hasStarted && !isVirtual && hasMore,
    scrollElement,
    margin: estimateSize * prefetchRows,
  });
  const isNearEnd = isVirtual ? lastDrawn >= items.length - prefetchRows : isEndNear;
  // The latest callback, so that a parent's new function on each render asks for nothing more.
  const loadMore = useRef(onLoadMore);
  useLayoutEffect(() => {
    loadMore.current = onLoadMore;
  });
  /** How many items there were when the next page was last asked for by scrolling. */
  const autoLoadedAt = useRef<number | null>(null);
  /** The row to focus once the page asked for with the button has come (its first new row). */
  const focusIndex = useRef<number | null>(null);

  /** Whether the focus is on the "Load more" button. */
  const [isOnButton, setIsOnButton] = useState(false);
  // Nearing the end of what is loaded asks for the next page, once per page: a page that fails
  // is not asked for again and again (the button is there to try again). Not while the focus is
  // on the button (focusing it scrolls to the end): the page would come in above it and push
  // the focused button out of sight; a keyboard user asks with the button.
  useEffect(() => {
    if (!isNearEnd || !hasMore || isLoadingMore || isOnButton) return;
    if (autoLoadedAt.current === items.length) return;
    autoLoadedAt.current = items.length;
    loadMore.current();
  }, [isNearEnd, hasMore, isLoadingMore, isOnButton, items.length]);

  // A keyboard user who asked for more lands on the first of the new rows, not on the page
  // (the button may have gone: there is nothing more to load).
  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || isLoadingMore) return;
    if (items.length <= index) {
      if (!hasMore) focusIndex.current = null;
      return;
    }
    // The virtualizer places the new rows a render later.
    const row = listRef.current?.querySelector<HTMLElement>(`li[data-index="${index}"]`);
    if (!row) return;
    focusIndex.current = null;
    row.tabIndex = -1;
    row.focus();
  }, [items.length, isLoadingMore, hasMore, layout]);

  function askForMore() {
    if (isLoadingMore) return;
    focusIndex.current = items.length;
    onLoadMore();
  }

  const onLayout = useCallback((next: RowLayout) => setLayout(next), []);
  const laneWidth = `calc((100% - ${gap * (lanes - 1)}px) / ${lanes})`;
  function rowStyle(start: number, lane: number): CSSProperties {
    if (!isVirtual) {
      // Rows below the screen are laid out only once scrolled to: the first paint on a slow
      // phone lays out what it shows.
      return { contentVisibility: 'auto', containIntrinsicSize: `auto ${estimateSize - gap}px` };
    }
    return {
      transform: `translateY(${start - layout.offset}px)`,
      ...(lanes > 1 ? { width: laneWidth, left: `calc(${lane} * (${laneWidth} + ${gap}px))` } : {}),
    };
  }

  return (
    <div
      className={className}
      onFocus={() => setIsFocusIn(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsFocusIn(false);
      }}
    >
      {virtualizer ? (
        <virtualizer.PageVirtualizer
          count={items.length}
          keyAt={keyAt}
          keptIndexes={keptIndexes}
          estimateSize={estimateSize}
          gap={gap}
          lanes={lanes}
          overscan={overscan}
          listRef={listRef}
          scrollElement={scrollElement}
          onLayout={onLayout}
        />
      ) : null}
      <ul
        ref={listRef}
        aria-label={listLabel}
        onFocus={(event) => {
          const row = (event.target as Element).closest('li[data-index]');
          const index = Number(row?.getAttribute('data-index'));
          if (row?.parentElement === listRef.current && Number.isInteger(index)) {
            setFocusedKey(keyAt(index));
          }
        }}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null))
            setFocusedKey(null);
        }}
        className={cn('m-0 list-none p-0', isVirtual ? 'relative' : 'grid')}
        style={
          isVirtual
            ? { height: layout.totalSize }
            : // Before the app has started, one column: the window's width is the app's to know.
              {
                gap,
                gridTemplateColumns: `repeat(${hasStarted ? lanes : 1}, minmax(0, 1fr))`,
              }
        }
      >
        {drawn.map(({ index, key, start, lane }) => {
          const item = items[index];
          if (item === undefined) return null;
          return (
            // The same <li> whether the virtualizer places it or not: a row being edited, or
            // holding the focus, is kept when the virtualizer takes over.
            <li
              key={key}
              data-index={index}
              ref={isVirtual ? layout.measureElement : undefined}
              aria-setsize={hasMore ? -1 : items.length}
              aria-posinset={index + 1}
              className={cn(
                'rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                isVirtual && 'absolute top-0 left-0 w-full',
              )}
              style={rowStyle(start, lane)}
            >
              {renderItem(item, index)}
            </li>
          );
        })}
      </ul>
      <div ref={endRef} aria-hidden="true" />
      {hasMore || isLoadingMore ? (
        <LoadMoreButton
          isLoadingMore={isLoadingMore}
          onClick={askForMore}
          onFocusChange={setIsOnButton}
          loadMoreLabel={loadMoreLabel}
        />
      ) : null}
    </div>
  );
}

/**
 * Whether `target` is within `margin` px of the screen (of the window, or of `scrollElement`),
 * while `isWatched`.
 */
function useIsNear(
  target: RefObject<HTMLElement | null>,
  {
    isWatched,
    scrollElement,
    margin,
  }: {
    isWatched: boolean;
    scrollElement: RefObject<HTMLElement | null> | undefined;
    margin: number;
  },
): boolean {
  const [isNear, setIsNear] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!isWatched || !element || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(
      (entries) => setIsNear(entries.some((entry) => entry.isIntersecting)),
      { root: scrollElement?.current ?? null, rootMargin: `${margin}px 0px` },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      setIsNear(false);
    };
  }, [target, isWatched, scrollElement, margin]);
  return isWatched && isNear;
}

function LoadMoreButton({
  isLoadingMore,
  onClick,
  onFocusChange,
  loadMoreLabel,
}: {
  isLoadingMore: boolean;
  onClick: () => void;
  onFocusChange: (isFocused: boolean) => void;
  loadMoreLabel: string;
}) {
  // A button taken away with the focus on it sends no blur.
  useEffect(() => () => onFocusChange(false), [onFocusChange]);
  return (
    // Positioned, so that it is drawn over a row still placed by estimate that reaches past the
    // list's end for a frame, never under it.
    <div
      className="relative flex justify-center pt-4"
      onFocus={() => onFocusChange(true)}
      onBlur={() => onFocusChange(false)}
    >
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
