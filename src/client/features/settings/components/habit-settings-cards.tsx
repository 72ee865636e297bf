import { BookOpen, Moon, Handshake, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { loadOnce } from '#client/lib/load-once.ts';
import { useLoaded } from '#client/lib/use-loaded.ts';
import { CardLoadError, CardSkeleton } from './card-states.tsx';
import { SettingsCard } from './settings-card.tsx';

// The habit cards come with their own code, asked for as Settings opens: the screen's first
// load stays within its budget (150 KB).
const bodies = loadOnce(() => import('./habit-settings-bodies.tsx'));
type Bodies = Awaited<ReturnType<typeof bodies.load>>;

type LazyCardProps = {
  id: string;
  title: string;
  description: string;
  icon: LucideIcon;
  body: keyof Bodies;
};

function LazyCard({ body, ...card }: LazyCardProps) {
  const [isCodeMissing, setIsCodeMissing] = useState(false);
  const loaded = useLoaded(bodies, !isCodeMissing, () => setIsCodeMissing(true));
  const Body = loaded?.[body];
  return (
    <SettingsCard {...card}>
      {isCodeMissing ? (
        <CardLoadError
          message={`We couldn't load your ${card.title.toLowerCase()}.`}
          onRetry={() => setIsCodeMissing(false)}
        />
      ) : Body ? (
        <Body />
      ) : (
        <CardSkeleton label={`Loading your ${card.title.toLowerCase()}...`} rows={1} />
      )}
    </SettingsCard>
  );
}

/** The reminder of the day's reading, at the days and time the person sets. */
export function ReadingReminderCard() {
  return (
    <LazyCard
      id="reading-reminder"
      title="Daily reading reminder"
      description="A nudge to read the day's chapters of your plans."
      icon={BookOpen}
      body="ReadingReminderBody"
    />
  );
}

/** One day a week that does not break a streak, or none. */
export function StreakRestDayCard() {
  return (
    <LazyCard
      id="streak-rest-day"
      title="Streak rest day"
      description="One day a week you can rest without breaking your streak."
      icon={Moon}
      body="StreakRestDayBody"
    />
  );
}

/** Groups (decision 028): whether they see my reading, and each kind of group notice. */
export function GroupSettingsCard() {
  return (
    <LazyCard
      id="groups"
      title="Groups"
      description="What your groups see of your reading, and the notices they send you."
      icon={Handshake}
      body="GroupSettingsBody"
    />
  );
}
