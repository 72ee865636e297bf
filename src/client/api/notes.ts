// Notes on verses (/api/notes, decision 024): the signed-in member's own notes. The reader asks
// for one chapter's notes (its marks and the verse dialog's list); /notes reads every note a page
// at a time, newest first, with search and filters. Every write asks both again.
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { apiDelete, apiRequest } from '#client/lib/api-client.ts';
import { getPage, mapLoadedItems, pageParams, type PagedData } from '#client/lib/pages.ts';
import { refreshAfterWrite } from '#client/lib/refresh-after-write.ts';
import type {
  ChapterNotes,
  CreateNoteRequest,
  Note,
  NoteListItem,
  UpdateNoteRequest,
} from '#shared/schemas/notes.ts';
import type { Page } from '#shared/schemas/pagination.ts';
import { noteKeys, type NoteFilters } from './chapter-notes.ts';

export type { Note, NoteListItem, NoteFilters };
export {
  chapterNotesQueryOptions,
  getChapterNotes,
  noteKeys,
  notesOnVerse,
  useChapterNotes,
  type NoteChapterRef,
} from './chapter-notes.ts';

export function getNotesPage(
  filters: NoteFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<NoteListItem>> {
  return getPage<NoteListItem>('/api/notes', filters, cursor, signal);
}

export function notesQueryOptions(filters: NoteFilters, { isEnabled }: { isEnabled: boolean }) {
  return infiniteQueryOptions({
    queryKey: noteKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getNotesPage(filters, pageParam, signal),
    ...pageParams,
    enabled: isEnabled,
  });
}

/** /notes's list: while another search or filter is asked for, the last results stay. */
export function useNotes(filters: NoteFilters, { isEnabled }: { isEnabled: boolean }) {
  return useInfiniteQuery({
    ...notesQueryOptions(filters, { isEnabled }),
    placeholderData: keepPreviousData,
    meta: { errorToast: { title: 'Error', description: 'Failed to load your notes.' } },
  });
}

function replaceInLists(queryClient: ReturnType<typeof useQueryClient>, note: Note): void {
  queryClient.setQueriesData<PagedData<NoteListItem>>({ queryKey: noteKeys.lists }, (data) =>
    mapLoadedItems(data, (items) => items.map((item) => (item.id === note.id ? note : item))),
  );
  queryClient.setQueriesData<ChapterNotes>({ queryKey: noteKeys.chapters }, (data) =>
    data ? { ...data, notes: data.notes.map((item) => (item.id === note.id ? note : item)) } : data,
  );
}

function removeFromLists(queryClient: ReturnType<typeof useQueryClient>, id: string): void {
  queryClient.setQueriesData<PagedData<NoteListItem>>({ queryKey: noteKeys.lists }, (data) =>
    mapLoadedItems(data, (items) => items.filter((item) => item.id !== id)),
  );
}

export function createNote(body: CreateNoteRequest): Promise<Note> {
  return apiRequest<Note>('/api/notes', { method: 'POST', body });
}

/** Saves a new note; the chapter's marks and every list are asked again. */
export function useCreateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNote,
    onSuccess: () => refreshAfterWrite(queryClient, noteKeys.all),
  });
}

export function updateNote({ id, ...body }: UpdateNoteRequest & { id: string }): Promise<Note> {
  return apiRequest<Note>(`/api/notes/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

/** Saves new words and tags; the note is swapped in everywhere, then the lists asked again. */
export function useUpdateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNote,
    onSuccess: (note) => {
      replaceInLists(queryClient, note);
      return refreshAfterWrite(queryClient, noteKeys.all);
    },
  });
}

/** Already gone (a 404) counts as deleted. */
export function deleteNote(id: string): Promise<void> {
  return apiDelete(`/api/notes/${encodeURIComponent(id)}`);
}

export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNote,
    onSuccess: (_result, id) => {
      removeFromLists(queryClient, id);
      // Not waited for: the card goes with the note, and the caller's toast must not wait on it.
      void refreshAfterWrite(queryClient, noteKeys.all);
    },
  });
}
