import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSavedVerseStatus, useSaveVerse } from '#client/api/saved-verses.ts';
import { usePreferredTranslation } from '#client/api/translation-preference.ts';
import { usePrefetchVerseCatalogue } from '#client/api/verses.ts';
import { PageShell } from '#client/components/page-shell.tsx';
import { MoodForm } from '#client/features/feeling/components/mood-form.tsx';
import { MoodPlanOffer } from '#client/features/feeling/components/mood-plan-offer.tsx';
import { RelatedVerses } from '#client/features/feeling/components/related-verses.tsx';
import { VerseImagePreview } from '#client/features/feeling/components/verse-image-preview.tsx';
import { VerseResultCard } from '#client/features/feeling/components/verse-result-card.tsx';
import {
  feelingSavePayload,
  parsePendingVerse,
  type FeelingVerse,
} from '#client/features/feeling/lib/feeling-verse.ts';
import { useFindVerse } from '#client/features/feeling/lib/use-find-verse.ts';
import { pendingMoodPlanKind, useMoodPlan } from '#client/features/feeling/lib/use-mood-plan.ts';
import {
  fetchVerseImage,
  preloadVerseImageRenderer,
  type VerseImageSize,
} from '#client/features/feeling/lib/verse-image-query.ts';
import { useSession } from '#client/lib/session.ts';
import { useIdlePreload } from '#client/lib/use-idle-preload.ts';
import { usePendingAction } from '#client/lib/use-pending-action.ts';
import { useRequireSignIn } from '#client/lib/use-require-sign-in.ts';
import { imageSizeFor } from '#client/lib/verse-image/image-file.ts';
import { useDownloadVerseImage } from '#client/lib/verse-image/use-download-verse-image.ts';
import { isMood } from '#shared/mood/moods.ts';

type Shown = { verse: FeelingVerse; imageSize: VerseImageSize };

/** A visitor's Save waits under this name while they sign in (docs/product.md §4, pending actions). */
const pendingSaveKind = 'save-feeling-verse';

/** product §8 toasts for a save from this page. */
const saveMessages = {
  success: () => ({
    title: 'Verse Saved',
    description: 'This verse has been added to your saved collection.',
  }),
  failureDescription: 'There was an error saving your verse.',
};

/** product §2/§4 /feeling: the mood form, then the verse result card; and back again. */
export function FeelingPage() {
  // Verses come in the person's translation (decision 015); each is saved in the one it shows.
  const { translation } = usePreferredTranslation();
  usePrefetchVerseCatalogue(translation);
  const session = useSession();
  const requireSignIn = useRequireSignIn();
  const findVerse = useFindVerse();
  const saveVerse = useSaveVerse(saveMessages);
  const queryClient = useQueryClient();
  useIdlePreload(preloadVerseImageRenderer);
  // No sign-in needed to download on this page (product §5).
  const download = useDownloadVerseImage({
    drawImage: (verse: FeelingVerse) => fetchVerseImage(queryClient, verse),
  });
  const [shown, setShown] = useState<Shown | null>(null);
  // From the server, so a verse saved before (a reload, another device) says 'Saved' at once.
  const savedStatus = useSavedVerseStatus(shown?.verse.reference);
  // 'Make me a 7-day plan' for the mood shown (decision 016).
  const moodPlan = useMoodPlan();

  // Where focus goes after the view changes: the result's heading (so it is announced) or,
  // after 'Share Another Feeling', the empty textarea.
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusAfterChange = useRef<'result' | 'form' | null>(null);
  useEffect(() => {
    if (focusAfterChange.current === 'result') headingRef.current?.focus();
    if (focusAfterChange.current === 'form') textareaRef.current?.focus();
    focusAfterChange.current = null;
  }, [shown]);

  function show(verse: FeelingVerse) {
    focusAfterChange.current = 'result';
    setShown({ verse, imageSize: imageSizeFor(window.innerWidth) });
  }

  function onSubmit(trimmed: string) {
    findVerse.mutate({ text: trimmed, translation }, { onSuccess: show });
  }

  // Back from signing in: the same verse again, and the save the visitor asked for.
  usePendingAction(pendingSaveKind, parsePendingVerse, (verse) => {
    show(verse);
    saveVerse.mutate(feelingSavePayload(verse));
  });

  // Back from signing in: the same result again, and the plan the visitor asked for.
  usePendingAction(pendingMoodPlanKind, parsePendingVerse, (verse) => {
    show(verse);
    moodPlan.start(verse);
  });

  function onShareAnother() {
    focusAfterChange.current = 'form';
    setShown(null);
  }

  function onSave(verse: FeelingVerse) {
    if (saveVerse.isPending || savedStatus.isSaved) return;
    if (session.status !== 'signed-in') {
      requireSignIn('Please sign in to save verses to your collection.', 'Sign In', {
        kind: pendingSaveKind,
        data: verse,
      });
      return;
    }
    saveVerse.mutate(feelingSavePayload(verse));
  }

  return (
    <PageShell
      title="How Are You Feeling?"
      subtitle="Share what's on your heart, and receive a word from Scripture for this moment."
    >
      {shown ? (
        <>
          <div className="grid items-start gap-6 md:grid-cols-[minmax(0,1fr)_15rem]">
            <VerseResultCard
              verse={shown.verse}
              headingRef={headingRef}
              onSave={() => onSave(shown.verse)}
              isSaving={saveVerse.isPending}
              isSaved={savedStatus.isSaved}
              onDownload={() => download.mutate(shown.verse)}
              isDownloading={download.isPending}
              onShareAnother={onShareAnother}
            />
            <VerseImagePreview verse={shown.verse} size={shown.imageSize} />
          </div>
          {isMood(shown.verse.mood) ? (
            <MoodPlanOffer
              mood={shown.verse.mood}
              onMake={() => moodPlan.start(shown.verse)}
              isMaking={moodPlan.isMaking}
              isMade={moodPlan.madeFor === shown.verse.mood}
            />
          ) : null}
          {isMood(shown.verse.mood) ? (
            <RelatedVerses
              mood={shown.verse.mood}
              shownReference={shown.verse.reference}
              translation={translation}
            />
          ) : null}
        </>
      ) : (
        <MoodForm onSubmit={onSubmit} isFinding={findVerse.isPending} textareaRef={textareaRef} />
      )}
    </PageShell>
  );
}
