import { useLastVisitQuery } from '#client/api/last-visit.ts';
import { useSession } from '#client/lib/session.ts';
import { books } from '#shared/bible/books.ts';
import type { ReaderPosition } from '#shared/bible/navigation.ts';
import type { LastVisit } from '#shared/schemas/last-visit.ts';

/**
 * "Last time you were here" (docs/product.md, the reader): a member's last visit to the chapter
 * on screen, or null when there is nothing to show (a visitor, who asks nothing; a chapter not
 * read before this sitting; the answer not in yet or failed). The chapter's save as read, which
 * records this visit for next time, is use-mark-chapter-read's.
 */
export function useLastVisit(position: ReaderPosition | null): LastVisit | null {
  const session = useSession();
  const isSignedIn = session.status === 'signed-in';
  const chapter = {
    book_name: books[position?.bookIndex ?? 0]?.name ?? 'Genesis',
    chapter_number: position?.chapter ?? 1,
  };
  const { data } = useLastVisitQuery(chapter, isSignedIn && position !== null);
  if (!data || data.last_visit_at === null) return null;
  // An answer kept for another chapter is never shown on this one.
  if (data.book_name !== chapter.book_name || data.chapter_number !== chapter.chapter_number) {
    return null;
  }
  return data;
}
