import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { imageSizeFor, renderVerseImage } from '#client/lib/verse-image/render-verse-image.ts';
import type { FeelingVerse } from './feeling-verse.ts';

export type VerseImageSize = ReturnType<typeof imageSizeFor>;

/**
 * The PNG for a verse at one size, drawn once and kept: the preview shows it and Download
 * saves the same image when the window still asks for that size.
 */
export function verseImageQueryOptions(verse: FeelingVerse, size: VerseImageSize) {
  const { text, reference, mood, translation } = verse;
  return queryOptions({
    queryKey: ['verse-image', reference, mood, text, translation, size.size, size.scale],
    queryFn: () => renderVerseImage({ text, reference, mood, translation }, size),
    staleTime: Infinity,
    retry: false,
  });
}

export function useVerseImagePreview(verse: FeelingVerse, size: VerseImageSize) {
  return useQuery(verseImageQueryOptions(verse, size));
}

/** Download's image: the preview's own when the window still asks for the size it was drawn at. */
export function fetchVerseImage(queryClient: QueryClient, verse: FeelingVerse): Promise<Blob> {
  return queryClient.fetchQuery(verseImageQueryOptions(verse, imageSizeFor(window.innerWidth)));
}
