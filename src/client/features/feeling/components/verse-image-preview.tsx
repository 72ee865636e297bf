import { ImageOff } from 'lucide-react';
import { useCallback } from 'react';
import { Spinner } from '#client/components/ui/spinner.tsx';
import type { FeelingVerse } from '#client/features/feeling/lib/feeling-verse.ts';
import {
  useVerseImagePreview,
  type VerseImageSize,
} from '#client/features/feeling/lib/verse-image-query.ts';
import { translationAbbreviation } from '#client/lib/translation-device.ts';
import { displayReference } from '#shared/bible/references.ts';
import { defaultImageMood } from '#shared/mood/moods.ts';

/**
 * The image Download saves, drawn once per verse and shown scaled down. The object URL lives
 * as long as the <img> shows this blob (React 19 ref cleanup), so none is leaked.
 */
export function VerseImagePreview({ verse, size }: { verse: FeelingVerse; size: VerseImageSize }) {
  const preview = useVerseImagePreview(verse, size);
  const blob = preview.data;
  const showBlob = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image || !blob) return;
      const url = URL.createObjectURL(blob);
      image.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );

  return (
    <figure className="rounded-3xl border border-border bg-card p-4 text-card-foreground shadow-sm">
      <div className="mx-auto aspect-square w-full max-w-72 overflow-hidden rounded-2xl border border-border bg-muted md:max-w-none">
        {blob ? (
          <img
            ref={showBlob}
            width={size.size}
            height={size.size}
            alt={`The verse image for ${displayReference(verse.reference)} (${translationAbbreviation(verse.translation)}): the verse, its reference and “For when you feel ${verse.mood || defaultImageMood}”.`}
            className="size-full object-cover"
          />
        ) : (
          <div
            role="status"
            className="flex size-full flex-col items-center justify-center gap-2 p-4 text-center text-sm text-muted-foreground"
          >
            {preview.isError ? (
              <>
                <ImageOff className="size-6" aria-hidden="true" />
                The preview could not be drawn.
              </>
            ) : (
              <>
                <Spinner />
                Creating your image…
              </>
            )}
          </div>
        )}
      </div>
      <figcaption className="mt-3 text-center text-sm text-muted-foreground">
        Image preview: Download saves this picture.
      </figcaption>
    </figure>
  );
}
