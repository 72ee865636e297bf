import { AArrowDown, AArrowUp, Bookmark, NotebookText, Pause, Volume2 } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { useSpeechSupport } from '#client/features/bible/lib/speech-support.ts';
import { cn } from '#client/lib/cn.ts';

type TextSizeControlProps = {
  canDecrease: boolean;
  canIncrease: boolean;
  onDecrease: () => void;
  onIncrease: () => void;
};

/** A− / A+: the chapter's text size, remembered on this device. */
export function TextSizeControl({
  canDecrease,
  canIncrease,
  onDecrease,
  onIncrease,
}: TextSizeControlProps) {
  return (
    <div
      role="group"
      aria-label="Text size"
      className="flex rounded-full border border-border bg-card"
    >
      <Button
        variant="ghost"
        size="icon"
        className="size-9 rounded-r-none"
        aria-label="Decrease text size"
        disabled={!canDecrease}
        onClick={onDecrease}
      >
        <AArrowDown aria-hidden="true" />
      </Button>
      <span aria-hidden="true" className="my-2 w-px bg-border" />
      <Button
        variant="ghost"
        size="icon"
        className="size-9 rounded-l-none"
        aria-label="Increase text size"
        disabled={!canIncrease}
        onClick={onIncrease}
      >
        <AArrowUp aria-hidden="true" />
      </Button>
    </div>
  );
}

/** Read aloud / Pause; nothing where the browser cannot speak. */
export function ReadAloudButton({
  isPlaying,
  onToggle,
  disabled,
}: {
  isPlaying: boolean;
  onToggle: () => void;
  disabled?: boolean;
}) {
  // Only here, so that learning it after hydration redraws this button, not the whole reader.
  const isSupported = useSpeechSupport();
  if (!isSupported) return null;
  return (
    <Button variant="outline" size="sm" onClick={onToggle} disabled={disabled}>
      {isPlaying ? <Pause aria-hidden="true" /> : <Volume2 aria-hidden="true" />}
      {isPlaying ? 'Pause' : 'Read aloud'}
    </Button>
  );
}

/** The chapter's bookmark toggle; for a visitor it asks them to sign in (the caller decides). */
export function BookmarkButton({
  isBookmarked,
  isPending,
  onToggle,
}: {
  isBookmarked: boolean;
  isPending: boolean;
  onToggle: () => void;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      aria-pressed={isBookmarked}
      aria-busy={isPending || undefined}
      onClick={onToggle}
      className={cn(
        isBookmarked &&
          'border-primary/40 bg-secondary text-secondary-foreground hover:bg-secondary/80',
      )}
    >
      <Bookmark aria-hidden="true" className={cn(isBookmarked && 'fill-current')} />
      Bookmark
    </Button>
  );
}

/** Study: opens (and closes) the chapter's notes and the study settings (decision 023). */
export function StudyButton({ isOpen, onToggle }: { isOpen: boolean; onToggle: () => void }) {
  return (
    <Button
      variant="outline"
      size="sm"
      aria-expanded={isOpen}
      onClick={onToggle}
      className={cn(isOpen && 'border-primary/40 bg-secondary text-secondary-foreground')}
    >
      <NotebookText aria-hidden="true" />
      Study
    </Button>
  );
}
