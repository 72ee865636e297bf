import { Shuffle, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { cardEnterClassName, cardEnterStyle } from '#client/components/card-entrance.ts';
import { Button } from '#client/components/ui/button.tsx';
import { initialPrayerSet, nextPrayerSet } from '#client/features/prayer/lib/prayer-set.ts';
import { PrayerCard } from './prayer-card.tsx';

/** Four guided prayers and four meditation lines, reshuffled by 'New Prayers' (product §4). */
export function GuidedPrayers({ random = Math.random }: { random?: () => number }) {
  const id = useId();
  const [set, setSet] = useState(initialPrayerSet);
  const [round, setRound] = useState(0);

  return (
    <>
      <section aria-labelledby={`${id}-prayers`}>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id={`${id}-prayers`} className="font-serif text-2xl font-semibold tracking-tight">
              Guided Prayers
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">
              Pray these words slowly, or let them lead you into your own.
            </p>
          </div>
          <Button
            variant="outline"
            onClick={() => {
              setSet((previous) => nextPrayerSet(previous, random));
              setRound((value) => value + 1);
            }}
          >
            <Shuffle aria-hidden="true" />
            New Prayers
          </Button>
        </div>
        <p className="sr-only" aria-live="polite">
          {round > 0 ? `Showing new prayers: ${set.prayers.map((p) => p.title).join(', ')}.` : ''}
        </p>
        <div className="mt-5 grid items-start gap-4 sm:grid-cols-2">
          {set.prayers.map((prayer, index) => (
            <PrayerCard
              key={`${round}:${prayer.title}`}
              prayer={prayer}
              className={cardEnterClassName}
              style={cardEnterStyle(index)}
            />
          ))}
        </div>
      </section>

      <section aria-labelledby={`${id}-meditations`}>
        <h2 id={`${id}-meditations`} className="font-serif text-2xl font-semibold tracking-tight">
          Meditations
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Read one line, then sit quietly with it for a while.
        </p>
        <ul className="mt-5 grid gap-3 sm:grid-cols-2">
          {set.meditations.map((line, index) => (
            <li
              key={`${round}:${line}`}
              className={`${cardEnterClassName} flex items-start gap-3 rounded-2xl border border-border bg-accent/40 p-4 text-accent-foreground dark:bg-accent/60`}
              style={cardEnterStyle(index)}
            >
              <Sparkles className="mt-1 size-4 shrink-0 text-gold" aria-hidden="true" />
              <p className="font-serif text-lg leading-snug">{line}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
