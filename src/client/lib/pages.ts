import type { InfiniteData } from '@tanstack/react-query';
import type { Page } from '#shared/schemas/pagination.ts';
import { apiRequest } from './api-client.ts';

/**
 * The client's side of the API's pages (decision 012): every list is read with useInfiniteQuery,
 * one page per request, `cursor` being the previous page's next_cursor.
 */
export type PagedData<T> = InfiniteData<Page<T>, string | null>;

/** The query-string filters of a list; empty and undefined values are left out. */
export type ListFilters = Record<string, string | number | undefined>;

export function pageUrl(path: string, filters: ListFilters, cursor: string | null): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export function getPage<T>(
  path: string,
  filters: ListFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<T>> {
  return apiRequest<Page<T>>(pageUrl(path, filters, cursor), signal ? { signal } : {});
}

/** What useInfiniteQuery needs to walk a list's pages. */
export const pageParams = {
  initialPageParam: null as string | null,
  getNextPageParam: <T>(lastPage: Page<T>): string | null => lastPage.next_cursor,
};

/** Every item loaded so far, in order (whatever the type of the page parameter). */
export function loadedItems<T>(data: { pages: readonly Page<T>[] } | undefined): T[] {
  return data ? data.pages.flatMap((page) => page.items) : [];
}

/** The cached pages with `change` applied to each page's items (a removal, an edit). */
export function mapLoadedItems<T>(
  data: PagedData<T> | undefined,
  change: (items: T[]) => T[],
): PagedData<T> | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) };
}

/** The cached pages with `item` first on the first page (once, whatever the pages held). */
export function withFirstItem<T>(
  data: PagedData<T> | undefined,
  item: T,
  isSame: (a: T, b: T) => boolean,
): PagedData<T> | undefined {
  if (!data) return data;
  const pages = data.pages.map((page, index) => {
    const rest = page.items.filter((other) => !isSame(other, item));
    return { ...page, items: index === 0 ? [item, ...rest] : rest };
  });
  return { ...data, pages };
}

/**
 * The cached pages with `item` put back where the list's order places it (`compare` < 0: a comes
 * first). An item older than everything loaded is left out while older pages remain to be
 * loaded: it will come with them.
 */
export function withItemInOrder<T>(
  data: PagedData<T> | undefined,
  item: T,
  compare: (a: T, b: T) => number,
  isSame: (a: T, b: T) => boolean,
): PagedData<T> | undefined {
  if (!data) return data;
  let isPlaced = false;
  const pages = data.pages.map((page, index) => {
    const rest = page.items.filter((other) => !isSame(other, item));
    if (isPlaced) return { ...page, items: rest };
    const at = rest.findIndex((other) => compare(item, other) <= 0);
    const isLastLoaded = index === data.pages.length - 1 && page.next_cursor === null;
    if (at === -1 && !isLastLoaded) return { ...page, items: rest };
    isPlaced = true;
    const position = at === -1 ? rest.length : at;
    return { ...page, items: [...rest.slice(0, position), item, ...rest.slice(position)] };
  });
  return { ...data, pages };
}
