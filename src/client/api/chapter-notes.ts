// The reader's side of the notes on verses (decision 024): one chapter's notes, asked for once a
// chapter, for its marks and the verse dialog. Kept apart from notes.ts so that the reader's first
// load carries no more than this; the writes and /notes's list are in notes.ts.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import type { ChapterNotes, Note } from '#shared/schemas/notes.ts';

/** What /notes asks for: `q` searches the words, `book` one book's notes, `tag` one tag's. */
export type NoteFilters = { q?: string; book?: string; tag?: string; limit?: number };

export type NoteChapterRef = { book_name: string; chapter_number: number };

export const noteKeys = {
  all: ['notes'] as const,
  /** Every list of notes, whatever its filters. */
  lists: ['notes', 'list'] as const,
  list: (filters: NoteFilters) => ['notes', 'list', filters] as const,
  chapters: ['notes', 'chapter'] as const,
  chapter: (chapter: NoteChapterRef) =>
    ['notes', 'chapter', chapter.book_name, chapter.chapter_number] as const,
};

export function getChapterNotes(
  chapter: NoteChapterRef,
  signal?: AbortSignal,
): Promise<ChapterNotes> {
  const path = `/api/notes/chapter/${encodeURIComponent(chapter.book_name)}/${chapter.chapter_number}`;
  return apiRequest<ChapterNotes>(path, signal ? { signal } : {});
}

export function chapterNotesQueryOptions(chapter: NoteChapterRef) {
  return queryOptions({
    queryKey: noteKeys.chapter(chapter),
    queryFn: ({ signal }) => getChapterNotes(chapter, signal),
  });
}

/** One chapter's notes, asked for once per chapter and only for a member. */
export function useChapterNotes(chapter: NoteChapterRef, isEnabled: boolean) {
  return useQuery({ ...chapterNotesQueryOptions(chapter), enabled: isEnabled });
}

/** The notes among a chapter's that cover this verse (newest first, as the server orders them). */
export function notesOnVerse(data: ChapterNotes | undefined, verse: number): Note[] {
  return (data?.notes ?? []).filter(
    (note) => note.verse_number <= verse && verse <= note.end_verse_number,
  );
}
