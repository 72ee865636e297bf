import { useMutation } from '@tanstack/react-query';
import { notify } from '#client/lib/notify.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import { saveVerseImage } from './save-verse-image.ts';

type DownloadVerseImageOptions<TVerse> = {
  /** Draws the verse's image, or finds one already drawn, at the size the page wants. */
  drawImage: (verse: TVerse) => Promise<Blob>;
  /** Runs before the failure toast, e.g. to report the failure. */
  onError?: (error: Error) => void;
};

/**
 * product §4 download flow: busy while the image is drawn and handed to the device (the share
 * sheet or a file), then the spec's toast. Whether the page needs an account first is the
 * page's rule (product §5), checked before `mutate`.
 */
export function useDownloadVerseImage<
  TVerse extends { reference: string; text: string; translation?: TranslationId },
>({ drawImage, onError }: DownloadVerseImageOptions<TVerse>) {
  return useMutation({
    mutationFn: async (verse: TVerse) => {
      const blob = await drawImage(verse);
      const { reference, text, translation } = verse;
      return saveVerseImage(
        blob,
        translation ? { reference, text, translation } : { reference, text },
      );
    },
    onSuccess: (outcome) => {
      // A share sheet is its own confirmation; a file on the device gets the spec's toast.
      if (outcome === 'downloaded') {
        notify.success('Image Downloaded', 'Your verse image has been saved to your device.');
      }
    },
    onError: (error) => {
      onError?.(error);
      notify.error('Download Failed', 'There was an error creating your verse image.');
    },
  });
}
