import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isMood, type Mood } from '../../../../shared/mood/moods.ts';
import { useMakeMoodPlan } from '../../../api/my-plans.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useRequireSignIn } from '../../../lib/use-require-sign-in.ts';
import type { FeelingVerse } from './feeling-verse.ts';

/** A visitor's 'Make me a 7-day plan' waits under this name while they sign in. */
export const pendingMoodPlanKind = 'make-mood-plan';

/**
 * Issue 26 item 2: 'Make me a 7-day plan' for the mood detected. A visitor is asked to sign in,
 * and the plan is made when they are back (the verse waits with it, to show the same result).
 */
export function useMoodPlan() {
  const session = useSession();
  const requireSignIn = useRequireSignIn();
  const navigate = useNavigate();
  const make = useMakeMoodPlan();
  // The mood a plan was made for on this visit: its offer says where to find it.
  const [madeFor, setMadeFor] = useState<Mood | null>(null);

  function start(verse: FeelingVerse) {
    const { mood } = verse;
    if (!isMood(mood) || make.isPending) return;
    if (session.status !== 'signed-in') {
      requireSignIn('Please sign in to make a reading plan for this feeling.', 'Sign In', {
        kind: pendingMoodPlanKind,
        data: verse,
      });
      return;
    }
    make.mutate(mood, {
      onSuccess: () => {
        setMadeFor(mood);
        notify.success(
          'Your 7-day plan is ready',
          "Day 1 is waiting for you with today's readings in Reading Plans.",
          { label: 'See my plans', onClick: () => void navigate('/plans') },
        );
      },
    });
  }

  return { start, isMaking: make.isPending, madeFor };
}
