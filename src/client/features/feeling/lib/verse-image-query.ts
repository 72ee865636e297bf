import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { loadOnce } from '#client/lib/load-once.ts';
import { imageSizeFor } from '#client/lib/verse-image/image-file.ts';
import type { FeelingVerse } from './feeling-verse.ts';

// The drawing code (canvas, fonts, layout) is not part of /feeling's first load: only a result
// shows an image. The page fetches it once the browser is idle (preloadVerseImageRenderer).
const renderer = loadOnce(() => import('#client/lib/verse-image/render-verse-image.ts'));

/** Fetches the image's drawing code ahead of the first result. */
export const preloadVerseImageRenderer = renderer.preload;

export type VerseImageSize = ReturnType<typeof imageSizeFor>;

/**
 * The PNG for a verse at one size, drawn once and kept: the preview shows it and Download
 * saves the same image when the window still asks for that size.
 */
export function verseImageQueryOptions(verse: FeelingVerse, size: VerseImageSize) {
  const { text, reference, mood, translation } = verse;
  return queryOptions({
    queryKey: ['verse-image', reference, mood, text, translation, size.size, size.scale],
    queryFn: async () =>
      (await renderer.load()).renderVerseImage({ text, reference, mood, translation }, size),
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
