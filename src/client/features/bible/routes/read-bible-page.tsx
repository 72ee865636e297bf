import { lazy, memo, Suspense, useState } from 'react';
import { useChapter } from '#client/api/bible.ts';
import { BackLink } from '#client/components/back-to-home.tsx';
import { HydratesApart } from '#client/components/hydrates-apart.tsx';
import { BibleSearch } from '#client/features/bible/components/bible-search.tsx';
import { ChapterBody } from '#client/features/bible/components/chapter-body.tsx';
import { ChapterHeader } from '#client/features/bible/components/chapter-header.tsx';
import { ChapterPager } from '#client/features/bible/components/chapter-pager.tsx';
import { OfflineDownload } from '#client/features/bible/components/offline-download.tsx';
import { ReaderNavBar } from '#client/features/bible/components/reader-nav-bar.tsx';
import { TranslationPicker } from '#client/features/bible/components/translation-picker.tsx';
import { YourReading } from '#client/features/bible/components/your-reading.tsx';
import { keepFocusedInView } from '#client/features/bible/lib/keep-focus-in-view.ts';
import { notifyChapterNotFound } from '#client/features/bible/lib/notify-chapter-not-found.ts';
import { useStudySettings } from '#client/features/bible/lib/study-settings.ts';
import { useChapterAnnotations } from '#client/features/bible/lib/use-chapter-annotations.ts';
import { useChapterStudy } from '#client/features/bible/lib/use-chapter-study.ts';
import { useLastVisit } from '#client/features/bible/lib/use-last-visit.ts';
import { useLazyReadAloud } from '#client/features/bible/lib/use-lazy-read-aloud.tsx';
import { useMarkChapterRead } from '#client/features/bible/lib/use-mark-chapter-read.ts';
import { useReaderChapter } from '#client/features/bible/lib/use-reader-chapter.ts';
import { useReaderNavigation } from '#client/features/bible/lib/use-reader-navigation.ts';
import { useReaderPosition } from '#client/features/bible/lib/use-reader-position.ts';
import { useReaderTranslations } from '#client/features/bible/lib/use-reader-translations.ts';
import { useResumeVerseSave } from '#client/features/bible/lib/use-resume-verse-save.ts';
import { useScrollToVerse } from '#client/features/bible/lib/use-scroll-to-verse.ts';
import { useTextSize } from '#client/features/bible/lib/use-text-size.ts';
import { useVerseSelection } from '#client/features/bible/lib/use-verse-selection.ts';
import { useWhenIdle } from '#client/features/bible/lib/use-when-idle.ts';
import { cn } from '#client/lib/cn.ts';
import { useSession } from '#client/lib/session.ts';
import { translationInfo } from '#client/lib/translation-names.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useMediaQuery } from '#client/lib/use-media-query.ts';
import { positionLabel } from '#shared/bible/navigation.ts';
import type { TranslationId } from '#shared/bible/translations.ts';

// The verse dialog (and Radix Dialog with it) is not needed to show the chapter: it loads
// while the reader reads (see below) and is drawn from the first tap on a verse on.
const loadVerseDialog = () => import('#client/features/bible/components/verse-dialog.tsx');
const preloadVerseDialog = () => void loadVerseDialog();
const VerseDialog = lazy(async () => ({ default: (await loadVerseDialog()).VerseDialog }));

// The Study panel (decision 023) comes at its first opening.
const loadStudyView = () => import('#client/features/bible/components/study-view.tsx');
const StudyAside = lazy(async () => ({ default: (await loadStudyView()).StudyAside }));
const StudySheet = lazy(async () => ({ default: (await loadStudyView()).StudySheet }));

// "Last time you were here" (and date-fns with it) comes only when there is a last visit to show.
const LastVisitLine = lazy(async () => ({
  default: (await import('#client/features/bible/components/last-visit-line.tsx')).LastVisitLine,
}));

/**
 * The parts of the reader that stay the same from chapter to chapter: memoized, so that turning
 * a chapter (which renders the page again) does not render them again.
 */
const ReaderIntro = memo(function ReaderIntro({
  translation,
  onOpenReference,
}: {
  translation: TranslationId;
  onOpenReference: (reference: string) => void;
}) {
  return (
    <>
      <BackLink />
      <header className="mt-6 mb-6">
        <h1 className="font-serif text-3xl font-semibold tracking-tight sm:text-4xl">
          Read the Bible
        </h1>
        <p className="mt-2 text-muted-foreground">
          {`The ${translationInfo(translation).name}. Search for a passage or a phrase, or choose a book and chapter.`}
        </p>
      </header>

      <div className="space-y-4">
        <HydratesApart>
          <BibleSearch
            translation={translation}
            onOpenReference={onOpenReference}
            onMissingReference={notifyChapterNotFound}
          />
        </HydratesApart>
        <YourReading />
      </div>
    </>
  );
});

const ReaderDownload = memo(function ReaderDownload({
  translation,
}: {
  translation: TranslationId;
}) {
  return (
    <div className="mt-12">
      <HydratesApart>
        {/* The reader's translation is the one offered first; a change of it offers that. */}
        <OfflineDownload key={translation} translation={translation} />
      </HydratesApart>
    </div>
  );
});

/**
 * product §2 /read-bible. The address holds the chapter (?book=&chapter=), so Back, Forward and
 * shared links work; without one, a signed-in reader resumes where they left off (product §4).
 */
export function ReadBiblePage() {
  const session = useSession();
  const isSignedIn = session.status === 'signed-in';
  const translations = useReaderTranslations();
  const { translation, parallel } = translations;
  const { position, targetVerse, shownInstead, locationKey, showAtOnce } = useReaderPosition({
    translation,
    parallel,
  });
  const label = position ? positionLabel(position) : null;
  useDocumentTitle(label ? `${label} · Read the Bible` : 'Read the Bible');

  const chapter = useReaderChapter(position, translation);
  const chapterData = chapter.data;
  // The translation read alongside: no toast of its own if it fails, the view says so.
  const parallelChapter = useChapter(parallel ? position : null, parallel ?? translation);
  useMarkChapterRead(chapterData);
  useWhenIdle(chapterData ? preloadVerseDialog : null);
  useScrollToVerse(targetVerse, chapterData, locationKey);

  const { headingRef, goTo, openReference } = useReaderNavigation(showAtOnce, {
    translation,
    parallel,
  });
  const annotations = useChapterAnnotations(position);
  const lastVisit = useLastVisit(position);
  useResumeVerseSave();
  const selection = useVerseSelection(chapterData, isSignedIn, annotations.toggleHighlight);
  const textSize = useTextSize();
  const { readAloud, controller: readAloudController } = useLazyReadAloud(
    { chapter: chapterData, position, label, translation, goTo },
    chapterData !== undefined,
  );
  const studySettings = useStudySettings();
  const [isStudyOpen, setStudyOpen] = useState(false);
  const isWide = useMediaQuery('(min-width: 1024px)');
  const study = useChapterStudy(position, studySettings, {
    kjv: translation === 'kjv' || parallel === 'kjv',
    panel: isStudyOpen,
  });
  const studyProps =
    isStudyOpen && position && label
      ? {
          position,
          label,
          translation,
          settings: studySettings,
          onClose: () => setStudyOpen(false),
        }
      : null;

  return (
    <div
      className={cn(
        'mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10',
        studyProps && isWide && 'max-w-6xl',
      )}
    >
      <ReaderIntro translation={translation} onOpenReference={openReference} />

      {/* One box for the bar and the chapter, so the bar stays stuck while the chapter scrolls. */}
      <div className="mt-6">
        {position ? (
          <HydratesApart>
            <ReaderNavBar
              position={position}
              onChoose={(chosen) => goTo(chosen)}
              onStep={(step) => goTo(step, { from: 'top' })}
            />
          </HydratesApart>
        ) : (
          <div aria-hidden="true" className="h-[4.4rem] animate-pulse rounded-2xl bg-muted" />
        )}

        <div className={cn(studyProps && isWide && 'grid grid-cols-[minmax(0,1fr)_22rem] gap-8')}>
          <section
            aria-labelledby="chapter-heading"
            className="mt-8"
            onFocus={(event) => keepFocusedInView(event.target)}
          >
            {readAloudController}
            <ChapterHeader
              position={position}
              label={label}
              shownInstead={shownInstead}
              headingRef={headingRef}
              belowTitle={
                lastVisit ? (
                  <Suspense fallback={null}>
                    <LastVisitLine visit={lastVisit} />
                  </Suspense>
                ) : null
              }
              textSize={textSize}
              translationPicker={
                <HydratesApart>
                  <TranslationPicker
                    translation={translation}
                    parallel={parallel}
                    onChoose={translations.choose}
                    onChooseParallel={translations.chooseParallel}
                  />
                </HydratesApart>
              }
              readAloud={readAloud}
              isChapterLoaded={chapterData !== undefined}
              bookmark={{
                isBookmarked: annotations.isBookmarked,
                isPending: annotations.isBookmarkPending,
                onToggle: annotations.onBookmark,
              }}
              study={{ isOpen: isStudyOpen, onToggle: () => setStudyOpen((open) => !open) }}
            />
            <ChapterBody
              label={label}
              chapter={chapter}
              onRetry={() => void chapter.refetch()}
              parallel={
                parallel
                  ? {
                      translation: parallel,
                      data: parallelChapter.data,
                      isError: parallelChapter.isError,
                    }
                  : null
              }
              textRem={textSize.rem}
              marks={{
                highlighted: annotations.highlighted,
                selectedVerse: selection.selected?.verse ?? null,
                readingVerse: readAloud.currentVerse,
                targetVerse,
                isSignedIn,
                noted: annotations.noted,
                onOpenNote: selection.onNote,
                study: study.marks,
              }}
              onVerse={selection.onVerse}
            />
            {position ? (
              <div className="mx-auto mt-12 max-w-[44rem]">
                <HydratesApart>
                  <ChapterPager
                    position={position}
                    onStep={(step) => goTo(step, { from: 'bottom' })}
                  />
                </HydratesApart>
              </div>
            ) : null}
          </section>
          {studyProps && isWide ? (
            <div className="mt-8">
              <Suspense fallback={null}>
                <StudyAside {...studyProps} />
              </Suspense>
            </div>
          ) : null}
        </div>
      </div>

      {studyProps && !isWide ? (
        <Suspense fallback={null}>
          <StudySheet {...studyProps} />
        </Suspense>
      ) : null}

      <ReaderDownload translation={translation} />

      {selection.hasSelected ? (
        <Suspense fallback={null}>
          <VerseDialog
            selected={selection.selected}
            isSignedIn={isSignedIn}
            isHighlighted={
              selection.selected !== null && annotations.highlighted.has(selection.selected.verse)
            }
            onClose={selection.close}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
