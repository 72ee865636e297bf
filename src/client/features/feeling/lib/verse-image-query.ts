import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { VerseResult } from '../../../../shared/schemas/verses.ts';
import { imageSizeFor, renderVerseImage } from '../../../lib/verse-image/render-verse-image.ts';

export type VerseImageSize = ReturnType<typeof imageSizeFor>;

/**
 * The PNG for a verse at one size, drawn once and kept: the preview shows it and Download
 * saves the same image when the window still asks for that size.
 */
export function verseImageQueryOptions(verse: VerseResult, size: VerseImageSize) {
  return queryOptions({
    queryKey: ['verse-image', verse.reference, verse.mood, verse.text, size.size, size.scale],
    queryFn: () =>
      renderVerseImage({ text: verse.text, reference: verse.reference, mood: verse.mood }, size),
    staleTime: Infinity,
    retry: false,
  });
}

export function useVerseImagePreview(verse: VerseResult, size: VerseImageSize) {
  return useQuery(verseImageQueryOptions(verse, size));
}

/** Download's image: the preview's own when the window still asks for the size it was drawn at. */
export function fetchVerseImage(queryClient: QueryClient, verse: VerseResult): Promise<Blob> {
  return queryClient.fetchQuery(verseImageQueryOptions(verse, imageSizeFor(window.innerWidth)));
}
