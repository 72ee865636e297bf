import { Search } from 'lucide-react';
import { useId, type KeyboardEvent, type Ref } from 'react';
import { useController, useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import {
  canSubmitMoodText,
  characterCounter,
  clampMoodText,
  isNearLimit,
  limitAnnouncement,
} from '#client/features/feeling/lib/mood-text.ts';
import { cn } from '#client/lib/cn.ts';
import { lazyZodResolver } from '#client/lib/lazy-resolver.ts';
import { useIdlePreload } from '#client/lib/use-idle-preload.ts';
import { feelingLimits } from '#shared/rules/verses.ts';
import type { FeelingRequest } from '#shared/schemas/verses.ts';

const feelingResolver = lazyZodResolver(() =>
  import('#shared/schemas/verses.ts').then((schemas) => schemas.feelingRequestSchema),
);

type MoodFormProps = {
  /** Called with the trimmed text (product §5). */
  onSubmit: (text: string) => void;
  isFinding: boolean;
  textareaRef: Ref<HTMLTextAreaElement>;
};

/**
 * product §5 mood text: a 300-character limit with a live counter; Enter submits. The words start
 * empty each time the form shows ('Share Another Feeling' brings it back).
 */
export function MoodForm({ onSubmit, isFinding, textareaRef }: MoodFormProps) {
  const id = useId();
  useIdlePreload(feelingResolver.preload);
  const form = useForm<{ text: string }, unknown, FeelingRequest>({
    resolver: feelingResolver,
    defaultValues: { text: '' },
  });
  const { field } = useController({ control: form.control, name: 'text' });
  const text = field.value;
  const canSubmit = canSubmitMoodText(text) && !isFinding;
  const nearLimit = isNearLimit(text);

  const submit = form.handleSubmit((request) => {
    if (!isFinding) onSubmit(request.text);
  });

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter submits; Shift+Enter falls through to the textarea's own line break. An Enter that
    // confirms an input method's composition (Japanese, Chinese…) is not a submit.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  }

  return (
    <form
      aria-labelledby={`${id}-label`}
      onSubmit={(event) => void submit(event)}
      className="rounded-3xl border border-border bg-card p-6 text-card-foreground shadow-sm sm:p-8"
    >
      <label
        id={`${id}-label`}
        htmlFor={`${id}-text`}
        className="block font-serif text-xl font-semibold tracking-tight sm:text-2xl"
      >
        What&apos;s on your heart today?
      </label>
      <p id={`${id}-hint`} className="mt-2 text-sm text-muted-foreground">
        Describe how you feel in your own words, and we&apos;ll find a verse from Scripture to meet
        you there.
      </p>
      <textarea
        ref={textareaRef}
        id={`${id}-text`}
        name={field.name}
        value={text}
        onChange={(event) => field.onChange(clampMoodText(event.target.value))}
        onBlur={field.onBlur}
        onKeyDown={onKeyDown}
        maxLength={feelingLimits.text}
        rows={5}
        placeholder="For example: I can't stop worrying about tomorrow…"
        aria-describedby={`${id}-hint ${id}-counter ${id}-keys`}
        className={cn(
          'mt-5 block w-full resize-y rounded-2xl border border-input bg-background px-4 py-3 text-base leading-relaxed text-foreground shadow-xs transition-colors placeholder:text-muted-foreground',
          'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none',
        )}
      />
      <div className="mt-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <p id={`${id}-keys`} className="text-muted-foreground pointer-coarse:hidden">
          Press <kbd className="font-sans font-semibold">Enter</kbd> to find your verse,{' '}
          <kbd className="font-sans font-semibold">Shift</kbd>+
          <kbd className="font-sans font-semibold">Enter</kbd> for a new line.
        </p>
        <p
          id={`${id}-counter`}
          className={cn(
            'ml-auto tabular-nums',
            nearLimit ? 'font-medium text-destructive' : 'text-muted-foreground',
          )}
        >
          {characterCounter(text)}
        </p>
      </div>
      <p role="status" className="sr-only">
        {limitAnnouncement(text)}
      </p>
      <Button
        type="submit"
        size="lg"
        disabled={!canSubmit}
        isBusy={isFinding}
        busyLabel="Finding your verse…"
        icon={<Search aria-hidden="true" />}
        className="mt-6 w-full sm:w-auto"
      >
        Find My Verse
      </Button>
    </form>
  );
}
