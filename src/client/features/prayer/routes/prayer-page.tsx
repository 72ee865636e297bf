import { PageShell } from '#client/components/page-shell.tsx';
import { GuidedPrayers } from '#client/features/prayer/components/guided-prayers.tsx';
import { MyPrayers } from '#client/features/prayer/components/my-prayers.tsx';
import { PrayerTimer } from '#client/features/prayer/components/prayer-timer.tsx';

/** product §2 /prayer: open to everyone; saving a prayer needs an account. */
export function PrayerPage() {
  return (
    <PageShell
      title="Prayer & Meditation"
      subtitle="Guided prayers, quiet lines from Scripture and time set apart to pray."
    >
      <div className="flex flex-col gap-10">
        <PrayerTimer />
        <GuidedPrayers />
        <MyPrayers />
      </div>
    </PageShell>
  );
}
