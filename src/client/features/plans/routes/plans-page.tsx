import { useLocation, useSearchParams } from 'react-router';
import { PageShell } from '#client/components/page-shell.tsx';
import { StreakCard } from '#client/components/streak/streak-card.tsx';
import { MyPlansSection } from '#client/features/plans/components/my-plans-section.tsx';
import { PlanDetail } from '#client/features/plans/components/plan-detail.tsx';
import { PlanLibrary } from '#client/features/plans/components/plan-library.tsx';
import type { PlansLocationState } from '#client/features/plans/components/start-plan-form.tsx';
import { useSession } from '#client/lib/session.ts';

function PlansOverview() {
  const session = useSession();
  const state = useLocation().state as PlansLocationState;
  return (
    <PageShell title="Reading Plans" subtitle="Read the Bible a day at a time">
      <div className="space-y-12">
        <MyPlansSection focusId={state?.startedId ?? null} />
        {session.status === 'signed-in' ? <StreakCard /> : null}
        <PlanLibrary />
      </div>
    </PageShell>
  );
}

/**
 * /plans (decision 016): a member's plans with today's readings, their streak, and the plan
 * library; /plans?plan=… is a plan's own page (the address keeps it, so Back and links work).
 */
export function PlansPage() {
  const [searchParams] = useSearchParams();
  const planId = searchParams.get('plan');
  return planId ? <PlanDetail key={planId} planId={planId} /> : <PlansOverview />;
}
