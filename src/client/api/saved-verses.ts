// The saved-verses resource (/api/saved-verses): the signed-in person's collection (a page at a
// time, searched and filtered by the server: decision 012), whether one verse is in it, and saving,
// removing and restoring a verse. Every Save button (feeling, verse
// of the day, the reader's verse dialog) goes through useSaveVerse, so they all agree on 'Saved';
// each sends the translation its text is in (decision 015).
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { apiDelete, apiRequest } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { failureDescription } from '#client/lib/offline/failure-description.ts';
import {
  getPage,
  loadedItems,
  mapLoadedItems,
  pageParams,
  withItemInOrder,
  type PagedData,
} from '#client/lib/pages.ts';
import { refetchAfterLastWrite } from '#client/lib/refresh-after-write.ts';
import { useSession } from '#client/lib/session.ts';
import { displayReference } from '#shared/bible/references.ts';
import type { Page } from '#shared/schemas/pagination.ts';
import type {
  CreateSavedVerseRequest,
  SavedVerse,
  SavedVerseListItem,
  SavedVerseStatus,
} from '#shared/schemas/verses.ts';

/**
 * The status of one verse sits under ['saved-verses'], so any change to the collection asks
 * again. The reader's save invalidates the whole key too.
 */
export const savedVerseKeys = {
  all: ['saved-verses'] as const,
  /** Every list of saved verses, whatever its search and theme. */
  lists: ['saved-verses', 'list'] as const,
  list: (filters: SavedVerseFilters) => ['saved-verses', 'list', filters] as const,
  status: (reference: string) => ['saved-verses', 'status', reference] as const,
  /** Every removal and undo, so that the last one to finish refetches the list. */
  writes: ['saved-verses', 'write'] as const,
};

// ── The collection ───────────────────────────────────────────────────────────────────────

/**
 * What a list asks the server for (decision 012): `q` searches the words, reference and feeling,
 * `theme` is a theme chip (absent for 'All').
 */
export type SavedVerseFilters = { q?: string; theme?: string };

/** A saved verse as a list holds it: a search result also says where its words were found. */
export type { SavedVerseListItem };

/** One page of the signed-in user's saved verses, newest first. */
export function getSavedVersesPage(
  filters: SavedVerseFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<SavedVerseListItem>> {
  return getPage<SavedVerseListItem>('/api/saved-verses', filters, cursor, signal);
}

export function savedVersesQueryOptions(filters: SavedVerseFilters) {
  return infiniteQueryOptions({
    queryKey: savedVerseKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getSavedVersesPage(filters, pageParam, signal),
    ...pageParams,
    // product §8: every failed load (the first one, a next page, and each failed 'Try again')
    // is toasted.
    meta: {
      errorToast: {
        title: 'Error loading saved verses',
        description: 'Please try refreshing the page.',
      },
    },
  });
}

/**
 * Only asked for once someone is signed in: a visitor sees the demo verses instead. While
 * another search or theme is asked for, the last results stay on screen (with the search box).
 */
export function useSavedVerses(filters: SavedVerseFilters, { isEnabled }: { isEnabled: boolean }) {
  return useInfiniteQuery({
    ...savedVersesQueryOptions(filters),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}

/** Newest first, then by id, as GET /api/saved-verses lists them. */
export function newestFirst(a: SavedVerse, b: SavedVerse): number {
  return b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);
}

function isSameVerse(a: SavedVerse, b: SavedVerse): boolean {
  return a.id === b.id;
}

type SavedVersePages = PagedData<SavedVerseListItem>;

/** A list with neither search nor theme: any saved verse belongs in it. */
function isWholeCollection(queryKey: QueryKey): boolean {
  const filters = queryKey[2] as SavedVerseFilters | undefined;
  return !filters?.q && !filters?.theme;
}

/** Takes a verse out of every cached list; answers the lists that held it. */
export function removeVerseFromLists(queryClient: QueryClient, id: string): QueryKey[] {
  const held: QueryKey[] = [];
  for (const [queryKey, data] of queryClient.getQueriesData<SavedVersePages>({
    queryKey: savedVerseKeys.lists,
  })) {
    if (!loadedItems(data).some((item) => item.id === id)) continue;
    held.push(queryKey);
    queryClient.setQueryData<SavedVersePages>(queryKey, (pages) =>
      mapLoadedItems(pages, (items) => items.filter((item) => item.id !== id)),
    );
  }
  return held;
}

/**
 * Puts a verse back where the server would list it, in the given lists (by default every list
 * without search or theme: whether a verse matches a search is the server's to say).
 */
export function insertVerseIntoLists(
  queryClient: QueryClient,
  verse: SavedVerseListItem,
  queryKeys?: readonly QueryKey[],
): void {
  const keys =
    queryKeys ??
    queryClient
      .getQueriesData<SavedVersePages>({ queryKey: savedVerseKeys.lists })
      .map(([queryKey]) => queryKey)
      .filter(isWholeCollection);
  for (const queryKey of keys) {
    queryClient.setQueryData<SavedVersePages>(queryKey, (pages) =>
      withItemInOrder(pages, verse, newestFirst, isSameVerse),
    );
  }
}

// ── Is this verse saved? ─────────────────────────────────────────────────────────────────

export function getSavedVerseStatus(
  reference: string,
  signal?: AbortSignal,
): Promise<SavedVerseStatus> {
  const params = new URLSearchParams({ reference });
  return apiRequest<SavedVerseStatus>(`/api/saved-verses/status?${params.toString()}`, {
    signal,
  });
}

/**
 * Is this verse in the signed-in person's collection? Every Save button shows 'Saved' from the
 * server's answer, so a reload or another device agrees (docs/product.md §4, Toggles).
 */
export function useSavedVerseStatus(reference: string | null | undefined): {
  isSaved: boolean;
  isPending: boolean;
} {
  const session = useSession();
  const enabled = session.status === 'signed-in' && Boolean(reference);
  const query = useQuery({
    queryKey: savedVerseKeys.status(reference ?? ''),
    queryFn: ({ signal }) => getSavedVerseStatus(reference ?? '', signal),
    enabled,
    staleTime: 30_000,
  });
  return { isSaved: enabled && query.data?.saved === true, isPending: enabled && query.isPending };
}

/** After a save: the button says 'Saved' at once, and every list of saved verses asks again. */
export function markVerseSaved(queryClient: QueryClient, reference: string): void {
  // A status request still under way (the one sent as the person signed in, say) was answered
  // before the save and would put 'Save' back when it lands; cancelling it ends it here and now.
  void queryClient.cancelQueries({ queryKey: savedVerseKeys.status(reference), exact: true });
  queryClient.setQueryData<SavedVerseStatus>(savedVerseKeys.status(reference), { saved: true });
  void queryClient.invalidateQueries({
    queryKey: savedVerseKeys.all,
    predicate: (query) => query.queryKey[1] !== 'status' || query.queryKey[2] !== reference,
  });
}

// ── Save, remove, restore ────────────────────────────────────────────────────────────────

export function saveVerse(body: CreateSavedVerseRequest): Promise<SavedVerse> {
  return apiRequest<SavedVerse>('/api/saved-verses', { method: 'POST', body });
}

/** The words each screen shows after a save (product §8 toasts); they differ between screens. */
export type SaveVerseMessages = {
  success: (
    saved: SavedVerse,
    request: CreateSavedVerseRequest,
  ) => { title: string; description?: string };
  /** Shown under 'Save Failed' when the failure has no better explanation (offline, say). */
  failureDescription: string;
};

/** Saves a verse to the signed-in person's collection; its Save button then says 'Saved'. */
export function useSaveVerse(messages: SaveVerseMessages) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVerse,
    onSuccess: (saved, request) => {
      const { title, description } = messages.success(saved, request);
      notify.success(title, description);
      markVerseSaved(queryClient, request.reference);
    },
    onError: (error) =>
      notify.error('Save Failed', failureDescription(error, messages.failureDescription)),
  });
}

/** Every removal and undo settles here: the last one to finish refetches the list. */
function refetchAfterLastSavedVerseWrite(queryClient: QueryClient): Promise<void> | undefined {
  return refetchAfterLastWrite(queryClient, {
    mutationKey: savedVerseKeys.writes,
    queryKey: savedVerseKeys.lists,
  });
}

/** Already gone (a 404) counts as removed. */
export function deleteSavedVerse(id: string): Promise<void> {
  return apiDelete(`/api/saved-verses/${encodeURIComponent(id)}`);
}

/**
 * Undo of a removal: the same words saved again through POST, in the translation they were in
 * (a new id and saved date; the simplest undo that is honest about what happened).
 */
export function restoreSavedVerse(verse: SavedVerse): Promise<SavedVerse> {
  const { text, reference, theme, emotion_tag, custom_note, translation } = verse;
  return saveVerse({ text, reference, theme, emotion_tag, custom_note, translation });
}

/** Puts the verse back at once (optimistic) and swaps in the saved copy when it comes. */
export function useRestoreSavedVerse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...savedVerseKeys.writes, 'restore'],
    mutationFn: restoreSavedVerse,
    onMutate: async (verse) => {
      await queryClient.cancelQueries({ queryKey: savedVerseKeys.lists });
      insertVerseIntoLists(queryClient, verse);
    },
    onSuccess: (saved, verse) => {
      removeVerseFromLists(queryClient, verse.id);
      insertVerseIntoLists(queryClient, saved);
      notify.success(
        'Verse restored',
        `${displayReference(verse.reference)} is back in your saved verses.`,
      );
    },
    onError: (error, verse) => {
      removeVerseFromLists(queryClient, verse.id);
      notify.error(
        'Save Failed',
        failureDescription(error, 'There was an error saving the verse.'),
      );
    },
    onSettled: () => refetchAfterLastSavedVerseWrite(queryClient),
  });
}

/**
 * Removes a verse at once (optimistic) and toasts 'Verse removed' with an 'Undo' that saves it
 * again; on failure the verse comes back and 'Delete Failed' is shown.
 */
export function useDeleteSavedVerse() {
  const queryClient = useQueryClient();
  const restore = useRestoreSavedVerse();
  return useMutation({
    mutationKey: [...savedVerseKeys.writes, 'delete'],
    mutationFn: (verse: SavedVerse) => deleteSavedVerse(verse.id),
    onMutate: async (verse) => {
      await queryClient.cancelQueries({ queryKey: savedVerseKeys.lists });
      return { lists: removeVerseFromLists(queryClient, verse.id) };
    },
    onSuccess: (_result, verse) =>
      notify.success('Verse removed', displayReference(verse.reference), {
        label: 'Undo',
        onClick: () => restore.mutate(verse),
      }),
    onError: (error, verse, context) => {
      // Only this verse returns, to the lists it was in: other removals in flight keep their
      // optimistic state.
      insertVerseIntoLists(queryClient, verse, context?.lists ?? []);
      notify.error(
        'Delete Failed',
        failureDescription(error, 'There was an error removing the verse.'),
      );
    },
    onSettled: () => refetchAfterLastSavedVerseWrite(queryClient),
  });
}
