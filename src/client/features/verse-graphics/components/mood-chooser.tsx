import { Check } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { isMood, moods, type Mood } from '#shared/mood/moods.ts';

type MoodChooserProps = {
  value: Mood | null;
  /** Called for a new mood, and again for the chosen one when it is chosen once more. */
  onChoose: (mood: Mood) => void;
  labelledBy: string;
};

function moodLabel(mood: Mood): string {
  return mood.charAt(0).toUpperCase() + mood.slice(1);
}

/**
 * The 13 moods as chips with radio-group semantics (Radix: arrow keys move and choose, Tab
 * leaves the group). A radio that is already checked fires no change, so a click or Space on it
 * is caught here: product §4 wants another verse then.
 */
export function MoodChooser({ value, onChoose, labelledBy }: MoodChooserProps) {
  return (
    <RadioGroup.Root
      value={value ?? ''}
      onValueChange={(next) => {
        if (isMood(next)) onChoose(next);
      }}
      aria-labelledby={labelledBy}
      loop
      className="flex flex-wrap gap-2"
    >
      {moods.map((mood) => (
        <RadioGroup.Item
          key={mood}
          value={mood}
          onClick={() => {
            if (mood === value) onChoose(mood);
          }}
          className="group inline-flex h-10 cursor-pointer items-center gap-1.5 rounded-full border border-border bg-card px-4 text-sm font-medium text-foreground shadow-xs transition-colors hover:border-primary/40 hover:bg-secondary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground data-[state=checked]:hover:bg-primary/90"
        >
          <RadioGroup.Indicator asChild>
            <Check className="-ml-1 size-4" aria-hidden="true" />
          </RadioGroup.Indicator>
          {moodLabel(mood)}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
