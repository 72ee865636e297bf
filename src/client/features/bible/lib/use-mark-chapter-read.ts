import { useEffect, useRef } from 'react';
import { useSaveReadingProgress } from '#client/api/progress.ts';
import { useSession } from '#client/lib/session.ts';
import type { ChapterResponse } from '#shared/schemas/bible.ts';

/**
 * product §4: a signed-in reader's chapter counts as read once it has loaded: saved once per
 * person and chapter, also when the screen draws it again.
 */
export function useMarkChapterRead(chapter: ChapterResponse | undefined): void {
  const session = useSession();
  const { mutate: saveProgress } = useSaveReadingProgress();
  const savedKey = useRef<string | null>(null);
  const userId = session.user?.id ?? null;
  useEffect(() => {
    if (!userId || !chapter) return;
    const key = `${userId}:${chapter.book}:${chapter.chapter}`;
    if (savedKey.current === key) return;
    savedKey.current = key;
    saveProgress({ book_name: chapter.book, chapter_number: chapter.chapter });
  }, [userId, chapter, saveProgress]);
}
