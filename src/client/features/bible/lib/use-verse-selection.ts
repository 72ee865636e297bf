import { useCallback, useState } from 'react';
import type { SelectedVerse } from '#client/features/bible/components/verse-dialog.tsx';
import type { ChapterResponse, ChapterVerse } from '#shared/schemas/bible.ts';

type VerseRef = { book_name: string; chapter_number: number; verse_number: number };

/**
 * The verse tapped last, whose dialog is open. A signed-in reader's tap also toggles the
 * verse's highlight.
 */
export function useVerseSelection(
  chapter: ChapterResponse | undefined,
  isSignedIn: boolean,
  toggleHighlight: (verse: VerseRef) => void,
) {
  const [selected, setSelected] = useState<SelectedVerse | null>(null);
  // Mounted from the first tap on, so that it can play its closing animation afterwards.
  const [hasSelected, setHasSelected] = useState(false);
  // Stable while the chapter and the session stay, so that the memoized chapter is not redrawn.
  const onVerse = useCallback(
    (verse: ChapterVerse, word?: number) => {
      if (!chapter) return;
      setHasSelected(true);
      if (isSignedIn) {
        toggleHighlight({
          book_name: chapter.book,
          chapter_number: chapter.chapter,
          verse_number: verse.verse,
        });
      }
      setSelected({
        verse: verse.verse,
        text: verse.text,
        reference: `${chapter.book} ${chapter.chapter}:${verse.verse}`,
        translation: chapter.translation,
        position: { bookIndex: chapter.book_index, chapter: chapter.chapter },
        // Counted in the KJV's words: in another translation the nth word is another word.
        ...(word !== undefined && chapter.translation === 'kjv' ? { word } : {}),
      });
    },
    [chapter, isSignedIn, toggleHighlight],
  );
  // A verse's note mark opens its dialog at the notes, leaving its highlight as it is.
  const onNote = useCallback(
    (verse: ChapterVerse) => {
      if (!chapter) return;
      setHasSelected(true);
      setSelected({
        verse: verse.verse,
        text: verse.text,
        reference: `${chapter.book} ${chapter.chapter}:${verse.verse}`,
        translation: chapter.translation,
        position: { bookIndex: chapter.book_index, chapter: chapter.chapter },
        atNotes: true,
      });
    },
    [chapter],
  );
  const close = useCallback(() => setSelected(null), []);
  return { selected, hasSelected, onVerse, onNote, close };
}
