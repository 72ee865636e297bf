// The journal resource (/api/journal): the signed-in user's entries, newest first, a page at a
// time (decision 012). The journal screens each read a list of their own: /journal the five
// newest, /journal-entries every entry or a search (a prayer saved on /prayer goes on the prayer
// list instead, decision 025). Every write updates all the lists it belongs in.
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiDelete, apiRequest } from '#client/lib/api-client.ts';
import {
  getPage,
  mapLoadedItems,
  pageParams,
  withFirstItem,
  type PagedData,
} from '#client/lib/pages.ts';
import { refreshAfterWrite } from '#client/lib/refresh-after-write.ts';
import type {
  CreateJournalEntryRequest,
  JournalEntry,
  JournalListItem,
  UpdateJournalEntryRequest,
} from '#shared/schemas/journal.ts';
import type { Page } from '#shared/schemas/pagination.ts';

/** An entry as a list holds it: a search result also says where its words were found. */
export type { JournalListItem };

/**
 * What a list asks the server for: `q` searches title and text, `tag` keeps the entries with
 * that feeling tag, `limit` sets the page size (the server's default, 20, when absent).
 */
export type JournalFilters = { q?: string; tag?: string; limit?: number };

export const journalKeys = {
  all: ['journal'] as const,
  /** Every list of entries, whatever its filters. */
  entries: ['journal', 'entries'] as const,
  list: (filters: JournalFilters) => ['journal', 'entries', filters] as const,
};

export function getJournalPage(
  filters: JournalFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<JournalListItem>> {
  return getPage<JournalListItem>('/api/journal', filters, cursor, signal);
}

/** Only asked for once someone is signed in. */
export function journalEntriesQueryOptions(
  filters: JournalFilters,
  { isEnabled }: { isEnabled: boolean },
) {
  return infiniteQueryOptions({
    queryKey: journalKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getJournalPage(filters, pageParam, signal),
    ...pageParams,
    enabled: isEnabled,
  });
}

/**
 * The journal screens' lists: a failed load (or a failed next page) is toasted once per
 * failure, however many of its screens show it (product §8).
 */
export function useJournalEntries(
  filters: JournalFilters,
  {
    isEnabled,
    keepPreviousResults = false,
  }: {
    isEnabled: boolean;
    /** While another search or filter is asked for, the last results stay on screen. */
    keepPreviousResults?: boolean;
  },
) {
  return useInfiniteQuery({
    ...journalEntriesQueryOptions(filters, { isEnabled }),
    ...(keepPreviousResults ? { placeholderData: keepPreviousData } : {}),
    meta: { errorToast: { title: 'Error', description: 'Failed to load your journal entries.' } },
  });
}

function isSameEntry(a: JournalEntry, b: JournalEntry): boolean {
  return a.id === b.id;
}

/**
 * Does a new entry belong at the top of a list with these filters? A search's results are
 * left to the server (its full-text matching is not repeated here): they are asked again.
 */
function isInList(filters: JournalFilters | undefined, entry: JournalEntry): boolean {
  if (filters?.q) return false;
  if (!filters?.tag) return true;
  const wanted = filters.tag.toLowerCase();
  return entry.emotion_tags.some((tag) => tag.toLowerCase() === wanted);
}

/** Puts a saved entry at the top of every cached list it belongs in (once, whatever they held). */
export function addEntryToLists(queryClient: QueryClient, entry: JournalEntry): void {
  const lists = queryClient.getQueriesData<PagedData<JournalListItem>>({
    queryKey: journalKeys.entries,
  });
  for (const [queryKey] of lists) {
    const filters = queryKey[2] as JournalFilters | undefined;
    if (!isInList(filters, entry)) continue;
    queryClient.setQueryData<PagedData<JournalListItem>>(queryKey, (data) =>
      withFirstItem<JournalListItem>(data, entry, isSameEntry),
    );
  }
}

/** Swaps an edited entry into every cached list (its old search highlights go with the old words). */
export function replaceEntryInLists(queryClient: QueryClient, entry: JournalEntry): void {
  queryClient.setQueriesData<PagedData<JournalListItem>>(
    { queryKey: journalKeys.entries },
    (data) =>
      mapLoadedItems(data, (items) => items.map((item) => (item.id === entry.id ? entry : item))),
  );
}

/** Takes a deleted entry out of every cached list. */
export function removeEntryFromLists(queryClient: QueryClient, id: string): void {
  queryClient.setQueriesData<PagedData<JournalListItem>>(
    { queryKey: journalKeys.entries },
    (data) => mapLoadedItems(data, (items) => items.filter((item) => item.id !== id)),
  );
}

export function createJournalEntry(body: CreateJournalEntryRequest): Promise<JournalEntry> {
  return apiRequest<JournalEntry>('/api/journal', { method: 'POST', body });
}

/** Saves a new entry, puts it at the top of the cached lists and asks them again. */
export function useCreateJournalEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJournalEntry,
    onSuccess: (entry) => {
      addEntryToLists(queryClient, entry);
      return refreshAfterWrite(queryClient, journalKeys.entries);
    },
  });
}

export function updateJournalEntry({
  id,
  ...body
}: UpdateJournalEntryRequest & { id: string }): Promise<JournalEntry> {
  return apiRequest<JournalEntry>(`/api/journal/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
  });
}

/** product §4: an edit saves the title and the content; the cached entry is replaced. */
export function useUpdateJournalEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateJournalEntry,
    onSuccess: (entry) => replaceEntryInLists(queryClient, entry),
  });
}

/** Already gone (a 404) counts as deleted. */
export function deleteJournalEntry(id: string): Promise<void> {
  return apiDelete(`/api/journal/${encodeURIComponent(id)}`);
}

/** Deletes an entry and takes it out of the cached lists. */
export function useDeleteJournalEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJournalEntry,
    onSuccess: (_result, id) => removeEntryFromLists(queryClient, id),
  });
}
