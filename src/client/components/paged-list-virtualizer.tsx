// The virtualizer of components/paged-list.tsx (TanStack Virtual, about 10 KB gzip): fetched
// when a list can grow past its first page, once the app has started, never with a screen
// (decision 014). It draws nothing: it works out which rows are near the screen and where
// they sit, and hands that to the list, which keeps drawing the same <li> elements (a row
// being edited, or holding the focus, is not drawn anew when the virtualizer takes over).
import {
  defaultRangeExtractor,
  useVirtualizer,
  useWindowVirtualizer,
  type Range,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { useLayoutEffect, useState, type RefObject } from 'react';

/** Where the rows near the screen sit, as the list draws them. */
export type RowLayout = {
  rows: { index: number; key: string; start: number; lane: number }[];
  totalSize: number;
  /** Subtracted from each row's start: the list's own place on the page (window scrolling). */
  offset: number;
  measureElement: (element: Element | null) => void;
};

export type VirtualizerProps = {
  count: number;
  keyAt: (index: number) => string;
  /** Rows to draw wherever they are (PagedListProps.keepDrawn), by index. */
  keptIndexes: readonly number[];
  estimateSize: number;
  gap: number;
  lanes: number;
  overscan: number;
  listRef: RefObject<HTMLUListElement | null>;
  scrollElement?: RefObject<HTMLElement | null> | undefined;
  onLayout: (layout: RowLayout) => void;
};

function drawnRows(range: Range, kept: readonly number[]): number[] {
  const near = defaultRangeExtractor(range);
  if (kept.length === 0) return near;
  const nearSet = new Set(near);
  const extra = kept.filter((index) => !nearSet.has(index));
  return extra.length === 0 ? near : [...near, ...extra].sort((a, b) => a - b);
}

/** Hands the layout to the list whenever it changes (and only then: no render loop). */
function useReportLayout<S extends Element | Window>(
  virtualizer: Virtualizer<S, Element>,
  offset: number,
  onLayout: (layout: RowLayout) => void,
): void {
  const rows = virtualizer.getVirtualItems().map((row) => ({
    index: row.index,
    key: String(row.key),
    start: row.start,
    lane: row.lane,
  }));
  const totalSize = virtualizer.getTotalSize();
  const signature = `${totalSize}|${offset}|${rows.map((row) => `${row.key}@${row.start}:${row.lane}`).join(',')}`;
  useLayoutEffect(() => {
    onLayout({ rows, totalSize, offset, measureElement: virtualizer.measureElement });
    // The signature stands for rows, totalSize and offset.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature, onLayout, virtualizer]);
}

export function PageVirtualizer(props: VirtualizerProps) {
  return props.scrollElement ? (
    <BoxVirtualizer {...props} scrollElement={props.scrollElement} />
  ) : (
    <WindowVirtualizer {...props} />
  );
}

function WindowVirtualizer(props: VirtualizerProps) {
  const { listRef } = props;
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
  }, [listRef]);
  const virtualizer = useWindowVirtualizer({
    count: props.count,
    estimateSize: () => props.estimateSize,
    overscan: props.overscan,
    gap: props.gap,
    lanes: props.lanes,
    scrollMargin,
    getItemKey: props.keyAt,
    rangeExtractor: (range) => drawnRows(range, props.keptIndexes),
  });
  useReportLayout(virtualizer, scrollMargin, props.onLayout);
  return null;
}

function BoxVirtualizer(
  props: VirtualizerProps & { scrollElement: RefObject<HTMLElement | null> },
) {
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer redraws itself
  const virtualizer = useVirtualizer({
    count: props.count,
    getScrollElement: () => props.scrollElement.current,
    estimateSize: () => props.estimateSize,
    overscan: props.overscan,
    gap: props.gap,
    lanes: props.lanes,
    getItemKey: props.keyAt,
    rangeExtractor: (range) => drawnRows(range, props.keptIndexes),
  });
  useReportLayout(virtualizer, 0, props.onLayout);
  return null;
}
