import { Heart, RotateCcw } from 'lucide-react';
import { useId, type Ref } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { DownloadImageButton, SaveVerseButton } from '#client/components/verse-action-buttons.tsx';
import { VerseContextButton } from '#client/components/verse-context-button.tsx';
import { VerseFigure } from '#client/components/verse-figure.tsx';
import { feelingHeading, type FeelingVerse } from '#client/features/feeling/lib/feeling-verse.ts';

type VerseResultCardProps = {
  verse: FeelingVerse;
  headingRef: Ref<HTMLHeadingElement>;
  onSave: () => void;
  isSaving: boolean;
  isSaved: boolean;
  onDownload: () => void;
  isDownloading: boolean;
  onShareAnother: () => void;
};

/** product §3 verse result: the verse, its reference, the mood it answers and its themes. */
export function VerseResultCard({
  verse,
  headingRef,
  onSave,
  isSaving,
  isSaved,
  onDownload,
  isDownloading,
  onShareAnother,
}: VerseResultCardProps) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="overflow-hidden rounded-3xl border border-border bg-card text-card-foreground shadow-sm"
    >
      <div className="bg-gradient-to-br from-hero-from to-hero-to px-6 py-8 sm:px-10 sm:py-10">
        <h2
          id={`${id}-title`}
          ref={headingRef}
          tabIndex={-1}
          className="inline-flex items-center gap-2 rounded-full border border-border bg-card/80 px-3.5 py-1.5 text-sm font-semibold text-primary outline-none"
        >
          <Heart className="size-4" aria-hidden="true" />
          {feelingHeading(verse)}
        </h2>
        <VerseFigure
          text={verse.text}
          reference={verse.reference}
          translation={verse.translation}
          className="mt-6"
        />
        {verse.themes.length > 0 ? (
          <ul aria-label="Themes" className="mt-6 flex flex-wrap gap-2">
            {verse.themes.map((theme) => (
              <li
                key={theme}
                className="rounded-full bg-secondary px-3 py-1 text-xs font-medium text-secondary-foreground capitalize"
              >
                {theme}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="flex flex-col gap-3 border-t border-border px-6 py-5 sm:flex-row sm:flex-wrap sm:items-center sm:px-10">
        <SaveVerseButton label="Save" onSave={onSave} isSaving={isSaving} isSaved={isSaved} />
        <DownloadImageButton
          label="Download"
          busyLabel="Creating..."
          onDownload={onDownload}
          isDownloading={isDownloading}
        />
        <VerseContextButton reference={verse.reference} translation={verse.translation} />
        <Button variant="ghost" onClick={onShareAnother} className="sm:ml-auto">
          <RotateCcw aria-hidden="true" />
          Share Another Feeling
        </Button>
      </div>
    </section>
  );
}
