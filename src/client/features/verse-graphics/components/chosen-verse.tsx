import { BookOpen, CircleAlert } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { VerseContextButton } from '#client/components/verse-context-button.tsx';
import type { GraphicVerse } from '#client/features/verse-graphics/lib/use-mood-verse.ts';
import { translationAbbreviation } from '#client/lib/translation-device.ts';
import { displayReference } from '#shared/bible/references.ts';

type ChosenVerseProps = {
  verse: GraphicVerse | null;
  isFinding: boolean;
  isFailed: boolean;
  /** Tries the chosen mood again after a failure. */
  onRetry: () => void;
};

/** The verse the image will carry: its text and reference, or why there is none yet. */
export function ChosenVerse({ verse, isFinding, isFailed, onRetry }: ChosenVerseProps) {
  if (isFinding && !verse) {
    return (
      <div
        role="status"
        className="flex min-h-48 flex-col items-center justify-center gap-3 rounded-2xl border border-border bg-card p-6 text-muted-foreground"
      >
        <Spinner className="size-7" />
        <p>Finding a verse for you...</p>
      </div>
    );
  }
  if (isFailed && !verse) {
    return (
      <div
        role="alert"
        className="flex min-h-48 flex-col items-start justify-center gap-4 rounded-2xl border border-border bg-card p-6"
      >
        <div className="flex items-start gap-3">
          <CircleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
          <div>
            <p className="font-medium">Could not get a verse for this mood.</p>
            <p className="mt-1 text-sm text-muted-foreground">
              Check your connection, then try again.
            </p>
          </div>
        </div>
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (!verse) {
    return (
      <div className="flex min-h-48 flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-border bg-card/60 p-6 text-center">
        <span className="flex size-11 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
          <BookOpen className="size-5" aria-hidden="true" />
        </span>
        <p className="max-w-xs text-sm text-muted-foreground">
          Choose a mood above and a verse for it will appear here, ready to become an image.
        </p>
      </div>
    );
  }
  return (
    <div
      aria-busy={isFinding}
      className="rounded-2xl border border-border bg-card p-6 text-card-foreground shadow-xs sm:p-7"
    >
      <p className="inline-flex items-center rounded-full bg-accent px-3 py-1 text-xs font-medium text-accent-foreground">
        For when you feel {verse.mood}
      </p>
      <blockquote className="mt-4">
        <p className="font-serif text-xl leading-relaxed text-pretty sm:text-2xl sm:leading-relaxed">
          &ldquo;{verse.text}&rdquo;
        </p>
        <footer className="mt-4 text-base font-semibold text-primary">
          <cite className="not-italic">{displayReference(verse.reference)}</cite>{' '}
          <span className="text-xs font-medium">
            ({translationAbbreviation(verse.translation)})
          </span>
        </footer>
      </blockquote>
      {verse.themes.length > 0 ? (
        <ul aria-label="Themes" className="mt-5 flex flex-wrap gap-1.5">
          {verse.themes.map((theme) => (
            <li
              key={theme}
              className="rounded-full bg-secondary px-2.5 py-0.5 text-xs font-medium text-secondary-foreground"
            >
              {theme}
            </li>
          ))}
        </ul>
      ) : null}
      <VerseContextButton
        reference={verse.reference}
        translation={verse.translation}
        size="sm"
        className="mt-5"
      />
    </div>
  );
}
