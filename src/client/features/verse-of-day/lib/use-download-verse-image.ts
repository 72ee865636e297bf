import { useMutation } from '@tanstack/react-query';
import { defaultImageMood } from '../../../../shared/mood/moods.ts';
import type { DailyVerseResponse } from '../../../../shared/schemas/verses.ts';
import { notify } from '../../../lib/notify.ts';
import { imageSizeFor, renderVerseImage } from '../../../lib/verse-image/render-verse-image.ts';
import { saveVerseImage } from '../../../lib/verse-image/save-verse-image.ts';

/**
 * spec §4 download flow for today's verse: draw the image at the window's size and hand it to
 * the device. The verse of the day has no mood, so the image uses the default one (spec §9).
 */
export function useDownloadVerseImage() {
  return useMutation({
    mutationFn: async ({ text, reference }: DailyVerseResponse) => {
      const blob = await renderVerseImage(
        { text, reference, mood: defaultImageMood },
        imageSizeFor(window.innerWidth),
      );
      return saveVerseImage(blob, { reference, text });
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
