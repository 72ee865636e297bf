import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  bookmarkStatusQueryOptions,
  useBookmarkStatus,
  useToggleBookmark,
} from '#client/api/bookmarks.ts';
import { useChapterNotes } from '#client/api/chapter-notes.ts';
import { useHighlights, useToggleHighlight } from '#client/api/highlights.ts';
import { notify } from '#client/lib/notify.ts';
import { useSession } from '#client/lib/session.ts';
import { usePendingAction } from '#client/lib/use-pending-action.ts';
import { useRequireSignIn } from '#client/lib/use-require-sign-in.ts';
import { books } from '#shared/bible/books.ts';
import type { ReaderPosition } from '#shared/bible/navigation.ts';
import { parsePendingChapter, pendingBookmarkKind } from './pending-actions.ts';

/**
 * The signed-in reader's marks on this chapter: its bookmark, its highlighted and noted verses. A
 * visitor's Bookmark asks them to sign in, and bookmarks the chapter when they are back.
 */
export function useChapterAnnotations(position: ReaderPosition | null) {
  const session = useSession();
  const isSignedIn = session.status === 'signed-in';
  const queryClient = useQueryClient();
  const requireSignIn = useRequireSignIn();
  const chapterRef = {
    book_name: books[position?.bookIndex ?? 0]?.name ?? 'Genesis',
    chapter_number: position?.chapter ?? 1,
  };

  // Only this chapter's bookmark is asked for, not the whole list (decision 012).
  const bookmarkStatus = useBookmarkStatus(chapterRef, isSignedIn && position !== null);
  const toggleBookmark = useToggleBookmark();
  const isBookmarked = bookmarkStatus.data?.bookmarked ?? false;
  const highlights = useHighlights(chapterRef, isSignedIn && position !== null);
  const highlighted = useMemo(
    () => new Set(highlights.data?.map((item) => item.verse_number) ?? []),
    [highlights.data],
  );
  const { mutate: toggleHighlight } = useToggleHighlight();
  // The member's notes on this chapter, asked for once (decision 024): the verses to mark.
  const notes = useChapterNotes(chapterRef, isSignedIn && position !== null);
  const noted = useMemo(() => new Set(notes.data?.verses ?? []), [notes.data]);

  function onBookmark() {
    if (!isSignedIn) {
      requireSignIn('Please sign in to bookmark chapters.', 'Sign Up Free', {
        kind: pendingBookmarkKind,
        data: chapterRef,
      });
      return;
    }
    toggleBookmark.mutate(chapterRef);
  }

  // Back from signing in: the chapter bookmarked, unless it already was (a toggle would remove it).
  usePendingAction(pendingBookmarkKind, parsePendingChapter, (wanted) => {
    void queryClient.fetchQuery({ ...bookmarkStatusQueryOptions(wanted), staleTime: 0 }).then(
      ({ bookmarked }) => {
        if (bookmarked) {
          notify.success('Chapter bookmarked', `${wanted.book_name} ${wanted.chapter_number}`);
        } else {
          toggleBookmark.mutate(wanted);
        }
      },
      () => toggleBookmark.mutate(wanted),
    );
  });

  return {
    isBookmarked,
    isBookmarkPending: toggleBookmark.isPending,
    onBookmark,
    highlighted,
    toggleHighlight,
    noted,
  };
}
