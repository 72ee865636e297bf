// The saved-verses resource (/api/saved-verses): the signed-in person's collection, whether one
// verse is in it, and saving, removing and restoring a verse. Every Save button (feeling, verse
// of the day, the reader's verse dialog) goes through useSaveVerse, so they all agree on 'Saved'.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type {
  CreateSavedVerseRequest,
  SavedVerse,
  SavedVerseStatus,
} from '../../shared/schemas/verses.ts';
import { apiDelete, apiRequest } from '../lib/api-client.ts';
import { notify } from '../lib/notify.ts';
import { failureDescription } from '../lib/offline/failure-description.ts';
import { refetchAfterLastWrite } from '../lib/refresh-after-write.ts';
import { useSession } from '../lib/session.ts';

/**
 * The status of one verse sits under ['saved-verses'], so any change to the collection asks
 * again. The reader's save invalidates the whole key too.
 */
export const savedVerseKeys = {
  all: ['saved-verses'] as const,
  status: (reference: string) => ['saved-verses', 'status', reference] as const,
  /** Every removal and undo, so that the last one to finish refetches the list. */
  writes: ['saved-verses', 'write'] as const,
};

// ── The collection ───────────────────────────────────────────────────────────────────────

/** The signed-in user's saved verses, newest first. */
export function getSavedVerses(signal?: AbortSignal): Promise<SavedVerse[]> {
  return apiRequest<SavedVerse[]>('/api/saved-verses', signal ? { signal } : {});
}

export function savedVersesQueryOptions() {
  return queryOptions({
    queryKey: savedVerseKeys.all,
    queryFn: ({ signal }) => getSavedVerses(signal),
    // product §8: every failed load (the first one, and each failed 'Try again') is toasted.
    meta: {
      errorToast: {
        title: 'Error loading saved verses',
        description: 'Please try refreshing the page.',
      },
    },
  });
}

/** Only asked for once someone is signed in: a visitor sees the demo verses instead. */
export function useSavedVerses({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...savedVersesQueryOptions(), enabled: isEnabled });
}

/** Newest first, then by id, as GET /api/saved-verses lists them. */
function newestFirst(a: SavedVerse, b: SavedVerse): number {
  return b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);
}

/** Puts a verse back where the server would list it; a verse already there is left alone. */
export function insertSavedVerse(
  list: readonly SavedVerse[] | undefined,
  verse: SavedVerse,
): SavedVerse[] | undefined {
  if (!list) return undefined;
  if (list.some((item) => item.id === verse.id)) return [...list];
  return [...list, verse].sort(newestFirst);
}

/** Swaps one verse for another (the same words saved again under a new id), in list order. */
export function replaceSavedVerse(
  list: readonly SavedVerse[] | undefined,
  id: string,
  verse: SavedVerse,
): SavedVerse[] | undefined {
  if (!list) return undefined;
  return insertSavedVerse(
    list.filter((item) => item.id !== id),
    verse,
  );
}

export function removeSavedVerse(
  list: readonly SavedVerse[] | undefined,
  id: string,
): SavedVerse[] | undefined {
  return list?.filter((item) => item.id !== id);
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
 * server's answer, so a reload or another device agrees (issue 21 item 2).
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
    queryKey: savedVerseKeys.all,
  });
}

/** Already gone (a 404) counts as removed. */
export function deleteSavedVerse(id: string): Promise<void> {
  return apiDelete(`/api/saved-verses/${encodeURIComponent(id)}`);
}

/**
 * Undo of a removal: the same words saved again through POST (a new id and saved date; the
 * simplest undo that is honest about what happened).
 */
export function restoreSavedVerse(verse: SavedVerse): Promise<SavedVerse> {
  const { text, reference, theme, emotion_tag, custom_note } = verse;
  return saveVerse({ text, reference, theme, emotion_tag, custom_note });
}

/** Puts the verse back at once (optimistic) and swaps in the saved copy when it comes. */
export function useRestoreSavedVerse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...savedVerseKeys.writes, 'restore'],
    mutationFn: restoreSavedVerse,
    onMutate: async (verse) => {
      await queryClient.cancelQueries({ queryKey: savedVerseKeys.all });
      queryClient.setQueryData<SavedVerse[]>(savedVerseKeys.all, (list) =>
        insertSavedVerse(list, verse),
      );
    },
    onSuccess: (saved, verse) => {
      queryClient.setQueryData<SavedVerse[]>(savedVerseKeys.all, (list) =>
        replaceSavedVerse(list, verse.id, saved),
      );
      notify.success('Verse restored', `${verse.reference} is back in your saved verses.`);
    },
    onError: (error, verse) => {
      queryClient.setQueryData<SavedVerse[]>(savedVerseKeys.all, (list) =>
        removeSavedVerse(list, verse.id),
      );
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
      await queryClient.cancelQueries({ queryKey: savedVerseKeys.all });
      queryClient.setQueryData<SavedVerse[]>(savedVerseKeys.all, (list) =>
        removeSavedVerse(list, verse.id),
      );
    },
    onSuccess: (_result, verse) =>
      notify.success('Verse removed', verse.reference, {
        label: 'Undo',
        onClick: () => restore.mutate(verse),
      }),
    onError: (error, verse) => {
      // Only this verse returns: other removals in flight keep their optimistic state.
      queryClient.setQueryData<SavedVerse[]>(savedVerseKeys.all, (list) =>
        insertSavedVerse(list, verse),
      );
      notify.error(
        'Delete Failed',
        failureDescription(error, 'There was an error removing the verse.'),
      );
    },
    onSettled: () => refetchAfterLastSavedVerseWrite(queryClient),
  });
}
