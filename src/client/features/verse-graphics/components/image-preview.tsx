import { ImageIcon } from 'lucide-react';
import { useCallback } from 'react';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { cn } from '#client/lib/cn.ts';

type ImagePreviewProps = {
  /** The drawn image, or null before Preview. */
  blob: Blob | null;
  size: number;
  /** What the image says, for people who cannot see it. */
  alt: string;
  isGenerating: boolean;
};

/**
 * The image as Download saves it, scaled to fit. The object URL lives exactly as long as the
 * <img> shows this blob (React 19 ref cleanup), so none is leaked.
 */
export function ImagePreview({ blob, size, alt, isGenerating }: ImagePreviewProps) {
  const showBlob = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image || !blob) return;
      const url = URL.createObjectURL(blob);
      image.src = url;
      // A new preview below the fold (on a phone) is brought into view, as little as needed.
      const isReduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      image.closest('figure')?.scrollIntoView({
        behavior: isReduced ? 'auto' : 'smooth',
        block: 'nearest',
      });
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );

  return (
    <figure>
      {/* Before the first preview a phone shows a shorter placeholder, not a screenful of it. */}
      <div
        className={cn(
          'relative w-full overflow-hidden rounded-2xl border border-border bg-muted shadow-xs',
          blob ? 'aspect-square' : 'aspect-[4/3] lg:aspect-square',
        )}
      >
        {blob ? (
          <img
            ref={showBlob}
            width={size}
            height={size}
            alt={alt}
            className="size-full object-contain"
          />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-3 p-6 text-center">
            <span className="flex size-12 items-center justify-center rounded-2xl bg-card text-muted-foreground shadow-xs">
              <ImageIcon className="size-6" aria-hidden="true" />
            </span>
            <p className="max-w-56 text-sm text-muted-foreground">
              Press Preview to see your verse image here.
            </p>
          </div>
        )}
        {isGenerating ? (
          <div
            role="status"
            className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-background/75 text-sm font-medium backdrop-blur-sm"
          >
            <Spinner className="size-7" />
            Creating your image...
          </div>
        ) : null}
      </div>
      <figcaption className="mt-3 text-center text-sm text-muted-foreground">
        A {size} × {size} picture, ready to keep or share.
      </figcaption>
    </figure>
  );
}
