import { Info } from 'lucide-react';
import { lazy, Suspense, type ReactNode, type Ref } from 'react';
import type { ReaderPosition } from '#shared/bible/navigation.ts';
import { BookmarkButton, ReadAloudButton, StudyButton, TextSizeControl } from './chapter-tools.tsx';
import type { ReadAloudSettings } from './read-aloud-bar.tsx';

// Speed and the sleep timer show once reading starts: not in the reader's first load.
const ReadAloudBar = lazy(() =>
  import('./read-aloud-bar.tsx').then((module) => ({ default: module.ReadAloudBar })),
);

type ChapterHeaderProps = {
  position: ReaderPosition | null;
  /** 'John 3'; null while the reader works out which chapter to show. */
  label: string | null;
  /** Why another chapter than the address's is shown. */
  shownInstead: string | null;
  headingRef: Ref<HTMLHeadingElement>;
  /** A quiet line under the title: "last time you were here" for a member. */
  belowTitle?: ReactNode;
  textSize: {
    canDecrease: boolean;
    canIncrease: boolean;
    decrease: () => void;
    increase: () => void;
  };
  /** Which translation, and which beside it (decision 015). */
  translationPicker: ReactNode;
  readAloud: ReadAloudSettings & { isPlaying: boolean; isActive: boolean; toggle: () => void };
  isChapterLoaded: boolean;
  bookmark: { isBookmarked: boolean; isPending: boolean; onToggle: () => void };
  study: { isOpen: boolean; onToggle: () => void };
};

/** The chapter's testament and heading (where each move lands), and its tools. */
export function ChapterHeader({
  position,
  label,
  shownInstead,
  headingRef,
  belowTitle,
  textSize,
  translationPicker,
  readAloud,
  isChapterLoaded,
  bookmark,
  study,
}: ChapterHeaderProps) {
  return (
    <>
      {shownInstead ? (
        <p className="mx-auto mb-6 flex max-w-[44rem] items-start gap-2 rounded-xl border border-border bg-muted px-4 py-3 text-sm">
          <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>{shownInstead}</span>
        </p>
      ) : null}
      <div className="mx-auto mb-6 flex max-w-[44rem] flex-wrap items-end justify-between gap-x-4 gap-y-3">
        <div>
          <p className="text-sm font-medium text-muted-foreground">
            {position ? (position.bookIndex < 39 ? 'Old Testament' : 'New Testament') : '\u00a0'}
          </p>
          <h2
            id="chapter-heading"
            ref={headingRef}
            tabIndex={-1}
            className="scroll-mt-4 font-serif text-3xl font-semibold tracking-tight outline-none sm:text-4xl"
          >
            {label ?? 'Loading…'}
          </h2>
          {belowTitle}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <TextSizeControl
            canDecrease={textSize.canDecrease}
            canIncrease={textSize.canIncrease}
            onDecrease={textSize.decrease}
            onIncrease={textSize.increase}
          />
          <ReadAloudButton
            isPlaying={readAloud.isPlaying}
            onToggle={readAloud.toggle}
            disabled={!isChapterLoaded}
          />
          <BookmarkButton
            isBookmarked={bookmark.isBookmarked}
            isPending={bookmark.isPending}
            onToggle={bookmark.onToggle}
          />
          <StudyButton isOpen={study.isOpen} onToggle={study.onToggle} />
        </div>
        {readAloud.isActive ? (
          <Suspense fallback={null}>
            <div className="basis-full">
              <ReadAloudBar
                rate={readAloud.rate}
                setRate={readAloud.setRate}
                sleep={readAloud.sleep}
                sleepEndsAt={readAloud.sleepEndsAt}
                setSleep={readAloud.setSleep}
              />
            </div>
          </Suspense>
        ) : null}
        <div className="basis-full">{translationPicker}</div>
      </div>
    </>
  );
}
