import { CalendarDays, Heart, NotebookPen, Sparkles, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { SavedVerseListItem } from '#client/api/saved-verses.ts';
import { cardEnterClassName, cardEnterStyle } from '#client/components/card-entrance.ts';
import { HighlightedText } from '#client/components/highlighted-text.tsx';
import { LearnByHeartButton } from '#client/components/learn-by-heart-button.tsx';
import { LocalDate } from '#client/components/local-date.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { VerseContextButton } from '#client/components/verse-context-button.tsx';
import { journalHref } from '#client/features/saved-verses/lib/journal-href.ts';
import { useVerseInTranslation } from '#client/features/saved-verses/lib/use-verse-in-translation.ts';
import { translationAbbreviation } from '#client/lib/translation-device.ts';
import { translationInfo } from '#client/lib/translation-names.ts';
import { displayReference, displayReferenceRanges } from '#shared/bible/references.ts';
import type { DemoSavedVerse } from '#shared/content/demo-verses.ts';
import { SavedVerseTopics } from './saved-verse-topics.tsx';
import { TranslationSwitch } from './translation-switch.tsx';

type SavedVerseCardProps = {
  /** A search result also says where its words were found (they are marked). */
  verse: SavedVerseListItem | DemoSavedVerse;
  /** The card's place in the list; product §9: it appears 100 ms after the one before. */
  index: number;
  /**
   * Whether the card animates in (default yes). A long list animates its first cards once, not
   * every card drawn as the person scrolls (decision 012).
   */
  isEntering?: boolean;
  /** Called once the entrance animation has finished. */
  onEntered?: () => void;
  /** 'li' in a plain list (the default); 'article' where the list gives the list item. */
  as?: 'li' | 'article';
  onDelete: () => void;
  /** Given for a demo verse (it asks the visitor to sign in); otherwise Journal is a link. */
  onJournal?: () => void;
};

/** One saved verse: its words, reference, theme, feeling, note and saved date (product §2, §3). */
export function SavedVerseCard({
  verse,
  index,
  isEntering = true,
  onEntered,
  as: Root = 'li',
  onDelete,
  onJournal,
}: SavedVerseCardProps) {
  const headingId = useId();
  const isDemo = 'isDemo' in verse;
  const matches = isDemo ? undefined : verse.matches;
  // Shown as a person writes it ('Psalm 23:1'); the stored reference stays as it is.
  const reference = displayReference(verse.reference);
  // Saved in one translation, readable in each (decision 015).
  const shown = useVerseInTranslation(verse);
  return (
    <Root
      aria-labelledby={headingId}
      data-verse-id={verse.id}
      className={`${isEntering ? cardEnterClassName : ''} flex h-full flex-col rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-xs transition-shadow hover:shadow-md sm:p-6`}
      style={isEntering ? cardEnterStyle(index) : undefined}
      onAnimationEnd={onEntered}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center rounded-full bg-secondary px-3 py-1 text-xs font-semibold text-secondary-foreground">
          <span className="sr-only">Theme: </span>
          {verse.theme}
        </span>
        {verse.emotion_tag ? (
          <span className="inline-flex items-center gap-1.5 rounded-full border border-border px-3 py-1 text-xs font-medium text-muted-foreground">
            <Heart className="size-3" aria-hidden="true" />
            <span className="sr-only">Feeling: </span>
            <HighlightedText text={verse.emotion_tag} ranges={matches?.emotion_tag} />
          </span>
        ) : null}
        {isDemo ? (
          <span className="ml-auto inline-flex items-center gap-1.5 rounded-full bg-accent px-3 py-1 text-xs font-semibold text-accent-foreground">
            <Sparkles className="size-3" aria-hidden="true" />
            Example
          </span>
        ) : null}
      </div>

      <figure className="mt-4">
        <blockquote
          aria-busy={shown.isLoading}
          className={`font-serif text-lg leading-relaxed text-pretty transition-opacity ${shown.isLoading ? 'opacity-60' : ''}`}
        >
          <p>
            &ldquo;
            <HighlightedText
              text={shown.text}
              ranges={shown.isSavedText ? matches?.text : undefined}
            />
            &rdquo;
          </p>
        </blockquote>
        <figcaption className="mt-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <h2 id={headingId} className="text-sm font-semibold tracking-wide text-primary">
            <HighlightedText
              text={reference}
              ranges={
                matches?.reference && displayReferenceRanges(verse.reference, matches.reference)
              }
            />{' '}
            <span className="text-xs font-medium">
              ({translationAbbreviation(shown.translation)})
            </span>
          </h2>
          <TranslationSwitch
            label={`Read ${reference} in`}
            value={shown.chosen}
            onChange={shown.choose}
            isBusy={shown.isLoading}
          />
        </figcaption>
        {shown.isFailed ? (
          <p role="alert" className="mt-2 text-xs text-destructive">
            The {translationAbbreviation(shown.chosen)} text could not be loaded. Try again later.
          </p>
        ) : shown.translation !== verse.translation ? (
          <p className="mt-2 text-xs text-muted-foreground">
            You saved this verse in the {translationInfo(verse.translation).name}.
          </p>
        ) : null}
      </figure>

      {verse.custom_note ? (
        <p className="mt-4 rounded-xl border-l-4 border-gold bg-muted px-4 py-2.5 text-sm text-foreground">
          <span className="sr-only">Your note: </span>
          {verse.custom_note}
        </p>
      ) : null}

      {isDemo ? null : <SavedVerseTopics verse={verse} reference={reference} />}

      {isDemo ? (
        <p className="mt-4 text-xs text-muted-foreground">
          <span className="sr-only">Tags: </span>
          {verse.tags.map((tag) => `#${tag}`).join('  ')}
        </p>
      ) : null}

      <div className="mt-auto flex flex-wrap items-center justify-between gap-x-4 gap-y-3 pt-5">
        {isDemo ? (
          <p className="text-sm text-muted-foreground">An example of a saved verse</p>
        ) : (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
            <span>
              Saved <LocalDate iso={verse.created_at} pattern="MMMM d, yyyy" />
            </span>
          </p>
        )}
        <div className="ml-auto flex flex-wrap justify-end gap-2">
          <VerseContextButton
            reference={verse.reference}
            translation={shown.translation}
            size="sm"
          />
          {onJournal ? (
            <Button variant="outline" size="sm" onClick={onJournal}>
              <NotebookPen aria-hidden="true" />
              Journal<span className="sr-only"> about {reference}</span>
            </Button>
          ) : (
            <Button asChild variant="outline" size="sm">
              <Link to={journalHref(verse.reference)}>
                <NotebookPen aria-hidden="true" />
                Journal<span className="sr-only"> about {reference}</span>
              </Link>
            </Button>
          )}
          {/* Learn it in the words it was saved in. */}
          <LearnByHeartButton reference={verse.reference} translation={verse.translation} />
          <Button
            variant="ghost"
            size="sm"
            data-delete-verse=""
            onClick={onDelete}
            className="text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
          >
            <Trash2 aria-hidden="true" />
            Delete<span className="sr-only"> {reference}</span>
          </Button>
        </div>
      </div>
    </Root>
  );
}
