import { Sparkles } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { SignInPromptCard } from '#client/components/sign-in-prompt-card.tsx';
import { loadOnce } from '#client/lib/load-once.ts';
import { useSession } from '#client/lib/session.ts';
import { useLoaded } from '#client/lib/use-loaded.ts';

// A signed-in reader's stats and plan (with a popover and date formatting) are no part of a
// visitor's first load; they load once the session says someone is signed in.
const ReadingStats = lazy(async () => ({
  default: (await import('./reading-stats.tsx')).ReadingStats,
}));
const ReadingPlanControl = lazy(async () => ({
  default: (await import('./reading-plan-control.tsx')).ReadingPlanControl,
}));

// Today's readings of the plans a member follows (decision 016), with the plans' data module: a
// member's chunk, drawn once it has come and only when some plan has readings today.
const todaysReadingsCode = loadOnce(() => import('./todays-readings.tsx'));

function TodaysReadingsSlot() {
  const loaded = useLoaded(todaysReadingsCode, true);
  return loaded ? <loaded.TodaysReadings /> : null;
}

function VisitorPrompt() {
  return (
    <SignInPromptCard
      icon={Sparkles}
      title="Keep your place in God's Word"
      description="Create a free account to track the chapters you read, bookmark chapters, highlight and save verses, and follow a reading plan on every device."
    />
  );
}

/** A signed-in reader's stats and plan; product §2: visitors see an invitation in their place. */
export function YourReading() {
  const session = useSession();
  if (session.status === 'loading') {
    return (
      // The visitor's card, invisible, holds its exact room under a pulsing block, so that
      // the chapter below does not move when the card appears (layout shift).
      <div aria-hidden="true" inert className="relative">
        <div className="invisible">
          <VisitorPrompt />
        </div>
        <div className="absolute inset-0 animate-pulse rounded-2xl bg-muted" />
      </div>
    );
  }
  if (session.status !== 'signed-in') return <VisitorPrompt />;
  return (
    <section aria-label="Your reading" className="space-y-3">
      <Suspense
        fallback={
          <div aria-hidden="true" className="h-[4.5rem] animate-pulse rounded-2xl bg-muted" />
        }
      >
        <ReadingStats />
        <ReadingPlanControl />
      </Suspense>
      <TodaysReadingsSlot />
    </section>
  );
}
