import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { chapterStudyQueryOptions } from '#client/api/study.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import type { StudySettings } from '#client/features/bible/lib/study-settings.ts';
import { verseElementId } from '#client/features/bible/lib/use-verse-keys.ts';
import type { ReaderPosition } from '#shared/bible/navigation.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import { commentaryAttribution } from '#shared/rules/study.ts';

type StudyPanelProps = {
  position: ReaderPosition;
  /** 'John 3'. */
  label: string;
  translation: TranslationId;
  settings: StudySettings;
};

function noteHeading(from: number, to: number): string {
  if (from === 0) return 'The chapter';
  return from === to ? `Verse ${from}` : `Verses ${from}–${to}`;
}

/** Moves the reader to a verse a note covers, and the keyboard with it. */
function goToVerse(verse: number): void {
  const element = document.getElementById(verseElementId(verse));
  if (!element) return;
  element.scrollIntoView({ block: 'center', behavior: 'smooth' });
  element.focus({ preventScroll: true });
}

function SettingRow({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        aria-describedby={`${id}-hint`}
      />
    </div>
  );
}

/**
 * product: the reader's Study panel (decision 023): Matthew Henry's notes on the chapter being
 * read, each with the verses it covers (one tap there), and the study settings for the text.
 * Beside the text on a wide screen, a sheet on a phone (the caller decides).
 */
export function StudyPanel({ position, label, translation, settings }: StudyPanelProps) {
  const headingId = useId();
  const query = useQuery(chapterStudyQueryOptions(position.bookIndex, position.chapter));
  const notes = query.data?.commentary ?? [];

  return (
    <div className="space-y-6">
      <section aria-labelledby={`${headingId}-settings`} className="space-y-4">
        <h3 id={`${headingId}-settings`} className="text-sm font-semibold">
          In the text
        </h3>
        <SettingRow
          label="Words of Christ in red"
          hint={
            translation === 'kjv'
              ? "From the King James Version's own marks."
              : "From the King James Version's own marks: shown when you read the KJV."
          }
          checked={settings.redLetters}
          onChange={settings.setRedLetters}
        />
        <SettingRow
          label="Mark cross-referenced verses"
          hint="A small mark after verses with strong cross-references."
          checked={settings.referenceMarks}
          onChange={settings.setReferenceMarks}
        />
        <p className="text-xs text-muted-foreground">
          {translation === 'kjv'
            ? 'Tap a verse for its cross-references and the Hebrew or Greek behind each word.'
            : 'Tap a verse for its cross-references and its original words (KJV tagging).'}
        </p>
      </section>

      <section aria-labelledby={`${headingId}-commentary`} className="border-t border-border pt-5">
        <h3 id={`${headingId}-commentary`} className="text-sm font-semibold">
          {`Matthew Henry on ${label}`}
        </h3>
        {query.isPending ? (
          <p className="mt-2 text-sm text-muted-foreground">Loading…</p>
        ) : query.isError ? (
          <div className="mt-2 space-y-2">
            <p className="text-sm text-muted-foreground">The notes could not be loaded.</p>
            <Button
              variant="outline"
              size="sm"
              isBusy={query.isFetching}
              onClick={() => void query.refetch()}
            >
              Try Again
            </Button>
          </div>
        ) : notes.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">
            Matthew Henry wrote no note on this chapter.
          </p>
        ) : (
          <ol className="mt-3 space-y-5">
            {notes.map((note) => (
              <li key={`${note.from}-${note.to}`} data-note={`${note.from}-${note.to}`}>
                <h4 className="text-sm font-semibold">
                  {note.from === 0 ? (
                    noteHeading(note.from, note.to)
                  ) : (
                    <button
                      type="button"
                      className="cursor-pointer rounded-sm text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                      onClick={() => goToVerse(note.from)}
                    >
                      {noteHeading(note.from, note.to)}
                    </button>
                  )}
                </h4>
                {note.paragraphs.map((paragraph, index) => (
                  <p key={index} className="mt-1.5 font-serif text-[0.95rem] leading-relaxed">
                    {paragraph}
                  </p>
                ))}
              </li>
            ))}
          </ol>
        )}
        <p className="mt-4 text-xs text-muted-foreground">{commentaryAttribution}</p>
      </section>
    </div>
  );
}
