import { CalendarCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { myPlansErrorToast, useMyPlans } from '#client/api/plans.ts';
import { LoadError } from '#client/components/load-error.tsx';
import { LoadingState } from '#client/components/loading-state.tsx';
import { SignInPromptCard } from '#client/components/sign-in-prompt-card.tsx';
import { todayOnDevice } from '#client/features/plans/lib/plan-text.ts';
import { useSession } from '#client/lib/session.ts';
import type { Enrollment } from '#shared/schemas/plans.ts';
import { FollowedPlanCard } from './followed-plan-card.tsx';

type MyPlansSectionProps = {
  /** The plan just started from its page, whose card takes the focus. */
  focusId: string | null;
};

function PlanCards({
  items,
  focusId,
  onLeft,
}: {
  items: Enrollment[];
  focusId: string | null;
  onLeft: () => void;
}) {
  const today = todayOnDevice();
  return (
    <ul className="space-y-4">
      {items.map((enrollment) => (
        <li key={enrollment.id}>
          <FollowedPlanCard
            enrollment={enrollment}
            today={today}
            hasFocus={enrollment.id === focusId}
            onLeft={onLeft}
          />
        </li>
      ))}
    </ul>
  );
}

function Followed({ focusId, onLeft }: MyPlansSectionProps & { onLeft: () => void }) {
  const plans = useMyPlans({ errorToast: myPlansErrorToast });
  if (plans.isPending) return <LoadingState label="Loading your plans..." />;
  if (plans.data === undefined) {
    return (
      <LoadError
        message="We couldn't load your plans."
        isRetrying={plans.isFetching}
        onRetry={() => void plans.refetch()}
      />
    );
  }
  const current = plans.data.filter((enrollment) => enrollment.status !== 'finished');
  const finished = plans.data.filter((enrollment) => enrollment.status === 'finished');
  return (
    <div className="space-y-4">
      {current.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border bg-card px-5 py-6 text-muted-foreground">
          You are not following a plan yet. Choose one from the library below: a few chapters a day,
          and you will be surprised how far you go.
        </p>
      ) : (
        <PlanCards items={current} focusId={focusId} onLeft={onLeft} />
      )}
      {finished.length > 0 ? (
        <details className="rounded-2xl border border-border bg-card px-5 py-4">
          <summary className="cursor-pointer rounded-sm font-medium">
            Finished plans ({finished.length})
          </summary>
          <div className="mt-4">
            <PlanCards items={finished} focusId={null} onLeft={onLeft} />
          </div>
        </details>
      ) : null}
    </div>
  );
}

/** 'Your plans': the plans a member follows; a visitor is invited to sign up instead. */
export function MyPlansSection({ focusId }: MyPlansSectionProps) {
  const session = useSession();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A plan left takes its card (and the dialog that asked) away: once they are gone, the focus
  // goes to the section's heading instead of the page.
  const [plansLeft, setPlansLeft] = useState(0);
  useEffect(() => {
    if (plansLeft > 0) headingRef.current?.focus();
  }, [plansLeft]);
  if (session.status === 'signed-out') {
    return (
      <SignInPromptCard
        icon={CalendarCheck}
        title="Follow a plan, a day at a time"
        description="Create a free account to follow reading plans, tick off each day's readings, see them in the reader and keep your place on every device."
      />
    );
  }
  return (
    <section aria-labelledby="your-plans-title">
      <h2
        id="your-plans-title"
        ref={headingRef}
        tabIndex={-1}
        className="mb-4 font-serif text-2xl font-semibold tracking-tight outline-none"
      >
        Your plans
      </h2>
      {session.status === 'loading' ? (
        <LoadingState label="Loading your plans..." />
      ) : (
        <Followed focusId={focusId} onLeft={() => setPlansLeft((count) => count + 1)} />
      )}
    </section>
  );
}
