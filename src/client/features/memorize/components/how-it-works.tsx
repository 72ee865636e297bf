import { useId } from 'react';
import { modeNames } from '#client/features/memorize/lib/practice.ts';

/** A short explanation of spaced repetition and the practice modes. */
export function HowItWorks() {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-border bg-card p-5 sm:p-6"
    >
      <h2 id={headingId} className="font-serif text-lg font-semibold">
        How it works
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        Each verse comes back just before you would forget it: soon while it is new, then less and
        less often as you know it. After each review you say how it went (Again, Hard, Good or
        Easy), and that sets the next date.
      </p>
      <ol className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
        <li>
          <span className="font-semibold">1. {modeNames.read}:</span> read the verse, then say it
          from memory.
        </li>
        <li>
          <span className="font-semibold">2. {modeNames['first-letters']}:</span> recite it from the
          first letter of each word.
        </li>
        <li>
          <span className="font-semibold">3. {modeNames.blanks}:</span> type the missing words.
        </li>
        <li>
          <span className="font-semibold">4. {modeNames.type}:</span> type the whole verse.
        </li>
      </ol>
      <p className="mt-3 text-sm text-muted-foreground">
        The practice gets harder as a verse settles in your memory, and easier again if it slips.
      </p>
    </section>
  );
}
