import { useMutation } from '@tanstack/react-query';
import { Download, Eye, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { usePreferredTranslation } from '#client/api/translation-preference.ts';
import { usePrefetchVerseCatalogue } from '#client/api/verses.ts';
import { PageShell } from '#client/components/page-shell.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ChosenVerse } from '#client/features/verse-graphics/components/chosen-verse.tsx';
import { ImagePreview } from '#client/features/verse-graphics/components/image-preview.tsx';
import { MoodChooser } from '#client/features/verse-graphics/components/mood-chooser.tsx';
import {
  useMoodVerse,
  type GraphicVerse,
} from '#client/features/verse-graphics/lib/use-mood-verse.ts';
import { notify } from '#client/lib/notify.ts';
import { reportToServer } from '#client/lib/report-to-server.ts';
import { translationAbbreviation } from '#client/lib/translation-device.ts';
import { renderVerseImage } from '#client/lib/verse-image/render-verse-image.ts';
import { useDownloadVerseImage } from '#client/lib/verse-image/use-download-verse-image.ts';
import { displayReference } from '#shared/bible/references.ts';
import type { Mood } from '#shared/mood/moods.ts';

/** product §9: the graphics page draws (and saves) its images at 1080×1080. */
const imageSize = 1080;

/** A preview is reused by Download only for the very same verse, translation and mood. */
function imageKey({ reference, text, mood, translation }: GraphicVerse): string {
  return JSON.stringify([reference, text, mood, translation]);
}

/** The image names the verse's translation after its reference (decision 015). */
function drawImage({ text, reference, mood, translation }: GraphicVerse): Promise<Blob> {
  return renderVerseImage({ text, reference, mood, translation }, { size: imageSize });
}

function report(error: unknown): void {
  reportToServer({
    level: 'error',
    event: 'client_error',
    path: '/verse-graphics',
    message: error instanceof Error ? error.message : String(error),
  });
}

function StepHeading({ id, step, children }: { id: string; step: number; children: string }) {
  return (
    <h2 id={id} className="flex items-center gap-3 font-serif text-xl font-semibold">
      <span
        aria-hidden="true"
        className="flex size-7 shrink-0 items-center justify-center rounded-full bg-secondary font-sans text-sm font-semibold text-secondary-foreground"
      >
        {step}
      </span>
      {children}
    </h2>
  );
}

/** product §2/§4 /verse-graphics: choose a mood, get a verse, preview it as an image, download. */
export function VerseGraphicsPage() {
  const { translation } = usePreferredTranslation();
  usePrefetchVerseCatalogue(translation);
  const moodVerse = useMoodVerse();
  const [mood, setMood] = useState<Mood | null>(null);
  const [verse, setVerse] = useState<GraphicVerse | null>(null);
  const [preview, setPreview] = useState<{ key: string; blob: Blob } | null>(null);

  const shownPreview = verse && preview?.key === imageKey(verse) ? preview.blob : null;

  const generate = useMutation({ mutationFn: drawImage });
  const download = useDownloadVerseImage({
    drawImage: async (chosen: GraphicVerse) =>
      preview?.key === imageKey(chosen) ? preview.blob : drawImage(chosen),
    onError: report,
  });

  function choose(next: Mood) {
    setMood(next);
    // Only the latest choice's callbacks run, so a slow first answer cannot overwrite a newer one.
    moodVerse.mutate(
      { mood: next, translation },
      {
        onSuccess: (picked) => {
          setVerse(picked);
          notify.success('Verse Selected', displayReference(picked.reference));
        },
        // A verse of the mood before must not stand under the new one: the card shows the error.
        onError: () => setVerse((current) => (current?.mood === next ? current : null)),
      },
    );
  }

  /** product §5: both image actions need a verse first. */
  function requireVerse(): GraphicVerse | null {
    if (!verse) {
      notify.info('Select a verse', 'Choose a mood first, and a verse for your image will appear.');
    }
    return verse;
  }

  function onPreview() {
    const chosen = requireVerse();
    if (!chosen) return;
    generate.mutate(chosen, {
      onSuccess: (blob) => {
        setPreview({ key: imageKey(chosen), blob });
        notify.success('Preview Generated', 'Your verse image is ready to download.');
      },
      onError: (error) => {
        report(error);
        notify.error('Generation Failed', 'There was an error creating the preview.');
      },
    });
  }

  function onDownload() {
    const chosen = requireVerse();
    if (chosen) download.mutate(chosen);
  }

  return (
    <PageShell
      title="Verse Graphics"
      subtitle="Turn a verse for how you feel into an image to keep, or to share with someone who needs it."
    >
      <div className="grid items-start gap-8 lg:grid-cols-2 lg:gap-10">
        <div className="min-w-0 space-y-8">
          <section aria-labelledby="mood-heading" className="space-y-4">
            <StepHeading id="mood-heading" step={1}>
              How are you feeling?
            </StepHeading>
            <p className="text-sm text-muted-foreground">
              Choose a mood for a verse. Choose it again for another.
            </p>
            <MoodChooser value={mood} onChoose={choose} labelledBy="mood-heading" />
          </section>

          <section aria-labelledby="verse-heading" className="space-y-4">
            <div className="flex min-h-9 items-center justify-between gap-3">
              <StepHeading id="verse-heading" step={2}>
                Your verse
              </StepHeading>
              {verse && mood ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => choose(mood)}
                  disabled={moodVerse.isPending}
                  className="-mr-3 text-muted-foreground"
                >
                  <RefreshCw
                    aria-hidden="true"
                    className={moodVerse.isPending ? 'animate-spin' : undefined}
                  />
                  Another verse
                </Button>
              ) : null}
            </div>
            <ChosenVerse
              verse={verse}
              isFinding={moodVerse.isPending}
              isFailed={moodVerse.isError}
              onRetry={() => {
                if (mood) choose(mood);
              }}
            />
            <div className="flex flex-col gap-3 sm:flex-row">
              <Button
                variant="outline"
                size="lg"
                className="sm:flex-1"
                onClick={onPreview}
                isBusy={generate.isPending}
                busyLabel="Creating..."
                icon={<Eye aria-hidden="true" />}
              >
                Preview
              </Button>
              <Button
                size="lg"
                className="sm:flex-1"
                onClick={onDownload}
                isBusy={download.isPending}
                busyLabel="Creating..."
                icon={<Download aria-hidden="true" />}
              >
                Download
              </Button>
            </div>
          </section>
        </div>

        <section
          aria-labelledby="preview-heading"
          className="min-w-0 space-y-4 lg:sticky lg:top-24"
        >
          <StepHeading id="preview-heading" step={3}>
            Your image
          </StepHeading>
          <ImagePreview
            blob={shownPreview}
            size={imageSize}
            alt={
              verse
                ? `\u201C${verse.text}\u201D ${displayReference(verse.reference)} (${translationAbbreviation(verse.translation)})`
                : ''
            }
            isGenerating={generate.isPending}
          />
        </section>
      </div>
    </PageShell>
  );
}
