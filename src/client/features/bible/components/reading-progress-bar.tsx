import { positionLabel, progressPercent } from '#shared/bible/navigation.ts';
import type { ReaderPosition } from '#shared/bible/navigation.ts';

/** product §4: how far through the Bible this chapter is, (book index + chapter / chapters) / 66. */
export function ReadingProgressBar({ position }: { position: ReaderPosition }) {
  const percent = progressPercent(position);
  const rounded = Math.round(percent);
  return (
    <div
      role="progressbar"
      aria-label="Progress through the Bible"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={rounded}
      aria-valuetext={`${positionLabel(position)}: ${rounded}% of the way through the Bible`}
      className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
    >
      <div
        className="h-full rounded-full bg-primary transition-[width] duration-500 ease-out"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
