import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { loadOnce } from '#client/lib/load-once.ts';
import { notify } from '#client/lib/notify.ts';
import { failureDescription } from '#client/lib/offline/failure-description.ts';
import { useSession } from '#client/lib/session.ts';
import { useRequireSignIn } from '#client/lib/use-require-sign-in.ts';
import { isMood, type Mood } from '#shared/mood/moods.ts';
import type { FeelingVerse } from './feeling-verse.ts';

/** A visitor's 'Make me a 7-day plan' waits under this name while they sign in. */
export const pendingMoodPlanKind = 'make-mood-plan';

// The plans' data module comes with the first result, not with /feeling's first load (which is
// near its 150 KB): only a tap on 'Make me a 7-day plan' needs it.
const myPlansApi = loadOnce(() => import('#client/api/plans.ts'));

/** Fetches what making a plan needs, once a result is on screen. */
export const preloadMoodPlan = myPlansApi.preload;

const failedMessage = 'There was an error making your plan.';

/**
 * 'Make me a 7-day plan' for the mood detected. A visitor is asked to sign in,
 * and the plan is made when they are back (the verse waits with it, to show the same result).
 */
export function useMoodPlan() {
  const session = useSession();
  const requireSignIn = useRequireSignIn();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const make = useMutation({
    mutationFn: async (mood: Mood) => {
      const api = await myPlansApi.load();
      const enrollment = await api.makeMoodPlan(mood);
      api.putEnrollment(queryClient, enrollment);
      return enrollment;
    },
    onError: (error) =>
      notify.error(
        'Could not make your plan',
        myPlansApi.loaded()?.planFailureDescription(error, failedMessage) ??
          failureDescription(error, failedMessage),
      ),
  });
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
