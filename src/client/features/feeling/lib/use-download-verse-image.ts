import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerseResult } from '../../../../shared/schemas/verses.ts';
import { notify } from '../../../lib/notify.ts';
import { imageSizeFor } from '../../../lib/verse-image/render-verse-image.ts';
import { saveVerseImage } from '../../../lib/verse-image/save-verse-image.ts';
import { verseImageQueryOptions } from './verse-image-query.ts';

/**
 * spec §4 download flow: busy while the image is drawn and handed over, then a toast. No
 * sign-in needed on this page (spec §5).
 */
export function useDownloadVerseImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (verse: VerseResult) => {
      const size = imageSizeFor(window.innerWidth);
      const blob = await queryClient.fetchQuery(verseImageQueryOptions(verse, size));
      return saveVerseImage(blob, { reference: verse.reference, text: verse.text });
    },
    onSuccess: (outcome) => {
      // A share sheet is its own confirmation; a file on the device gets the spec's toast.
      if (outcome === 'downloaded') {
        notify.success('Image Downloaded', 'Your verse image has been saved to your device.');
      }
    },
    onError: () => notify.error('Download Failed', 'There was an error creating your verse image.'),
  });
}
