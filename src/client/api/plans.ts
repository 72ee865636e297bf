// Reading plans (decision 016): the library (/api/plans, public) and the plans a member follows
// (/api/my-plans): following one from a date, a 7-day plan made from a feeling, ticking
// readings, catching up, pausing, resuming and leaving. The spec's one reading plan of the
// reader is apart (plans.ts).
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { ApiError, apiDelete, apiRequest } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { failureDescription } from '#client/lib/offline/failure-description.ts';
import type { QueryErrorToast } from '#client/lib/query-client.ts';
import { useSession } from '#client/lib/session.ts';
import type { Mood } from '#shared/mood/moods.ts';
import { planDaysPageSize } from '#shared/rules/habits.ts';
import type {
  Enrollment,
  EnrollmentList,
  PlanDaysResponse,
  PlanLibraryResponse,
} from '#shared/schemas/plans.ts';

/** The plan library: the same for everyone, and it changes only with a release. */
export const planLibraryKeys = {
  all: ['plan-library'] as const,
  list: ['plan-library', 'list'] as const,
  days: (planId: string) => ['plan-library', 'days', planId] as const,
};

/** The plans one follows. progress.ts invalidates the root after a chapter is read. */
export const myPlanKeys = {
  all: ['my-plans'] as const,
  list: ['my-plans', 'list'] as const,
};

/**
 * The toast's words for a failure: the server's own message for what it refused (following a
 * plan twice, too many plans, nothing to catch up), the offline sentence, or `fallback`.
 */
export function planFailureDescription(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) {
    return error.message;
  }
  return failureDescription(error, fallback);
}

// ── The library ──────────────────────────────────────────────────────────────────────────

export function getPlanLibrary(signal?: AbortSignal): Promise<PlanLibraryResponse> {
  return apiRequest<PlanLibraryResponse>('/api/plans', { signal });
}

export function planLibraryQueryOptions() {
  return queryOptions({
    queryKey: planLibraryKeys.list,
    queryFn: ({ signal }) => getPlanLibrary(signal),
    staleTime: Infinity,
    meta: {
      errorToast: {
        title: 'Error loading plans',
        description: 'Please try refreshing the page.',
      },
    },
  });
}

/** GET /api/plans: every plan of the library, without their days. */
export function usePlanLibrary() {
  return useQuery({ ...planLibraryQueryOptions(), select: (answer) => answer.items });
}

export function getPlanDays(
  planId: string,
  from: number,
  count = planDaysPageSize,
  signal?: AbortSignal,
): Promise<PlanDaysResponse> {
  const params = new URLSearchParams({ from: String(from), count: String(count) });
  return apiRequest<PlanDaysResponse>(
    `/api/plans/${encodeURIComponent(planId)}/days?${params.toString()}`,
    { signal },
  );
}

export function planDaysQueryOptions(planId: string) {
  return infiniteQueryOptions({
    queryKey: planLibraryKeys.days(planId),
    queryFn: ({ pageParam, signal }) => getPlanDays(planId, pageParam, planDaysPageSize, signal),
    initialPageParam: 1,
    getNextPageParam: (last: PlanDaysResponse, _pages, from: number) => {
      const next = from + planDaysPageSize;
      return next <= last.plan.days ? next : undefined;
    },
    // A custom plan (made from a feeling) is its owner's; another person is told it was not found.
    retry: false,
  });
}

/** A plan's summary and its days, a week at a time (the plan page's 'Show more days'). */
export function usePlanDays(planId: string) {
  return useInfiniteQuery(planDaysQueryOptions(planId));
}

// ── The plans one follows ────────────────────────────────────────────────────────────────

export function getMyPlans(signal?: AbortSignal): Promise<EnrollmentList> {
  return apiRequest<EnrollmentList>('/api/my-plans', { signal });
}

export function myPlansQueryOptions() {
  return queryOptions({
    queryKey: myPlanKeys.list,
    queryFn: ({ signal }) => getMyPlans(signal),
    // A day turns at midnight and chapters are read on other screens: ask again on each visit.
    staleTime: 0,
  });
}

/** What /plans toasts when one's plans cannot be loaded. */
export const myPlansErrorToast: QueryErrorToast = {
  title: 'Error loading your plans',
  description: 'Please try refreshing the page.',
};

/**
 * The plans the signed-in person follows (active and paused, then the last finished), each
 * with the days due today: `data` is the list (Enrollment[]). Asks nothing for a visitor or
 * while the session is loading (the query stays pending, `fetchStatus` 'idle'). `errorToast`:
 * what a screen toasts when they cannot be loaded (none by default: the reader's panel and the
 * home page's card simply stay away).
 */
export function useMyPlans({ errorToast }: { errorToast?: QueryErrorToast } = {}) {
  const session = useSession();
  return useQuery({
    ...myPlansQueryOptions(),
    enabled: session.status === 'signed-in',
    select: selectItems,
    ...(errorToast ? { meta: { errorToast } } : {}),
  });
}

function selectItems(answer: EnrollmentList): Enrollment[] {
  return answer.items;
}

/** Puts a plan's new state into the list: in its place, or first when it is new. */
export function putEnrollment(queryClient: QueryClient, enrollment: Enrollment): void {
  queryClient.setQueryData<EnrollmentList>(myPlanKeys.list, (list) => {
    if (!list) return { items: [enrollment] };
    const at = list.items.findIndex((item) => item.id === enrollment.id);
    if (at === -1) return { items: [enrollment, ...list.items] };
    return { items: list.items.map((item) => (item.id === enrollment.id ? enrollment : item)) };
  });
}

/**
 * A plan day done (or undone) counts for the streak: it is asked again. ['streak'] is the streak
 * module's root key (api/streak), spelled out so that neither module depends on the other.
 */
function refreshStreak(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ['streak'] });
}

export type FollowPlanRequest = { plan_id: string; start_date?: string };

export function followPlan(body: FollowPlanRequest): Promise<Enrollment> {
  return apiRequest<Enrollment>('/api/my-plans', { method: 'POST', body });
}

/** Follows a plan of the library from a date (the person's today when none is given). */
export function useFollowPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: followPlan,
    onSuccess: (enrollment) => {
      putEnrollment(queryClient, enrollment);
      notify.success('Plan started', `You are following ${enrollment.plan.title}.`);
    },
    onError: (error) =>
      notify.error(
        'Could not start the plan',
        planFailureDescription(error, 'There was an error starting this plan.'),
      ),
  });
}

/** Makes a 7-day plan for a mood and follows it from today (/feeling imports this with import()). */
export function makeMoodPlan(mood: Mood): Promise<Enrollment> {
  return apiRequest<Enrollment>('/api/my-plans/mood', { method: 'POST', body: { mood } });
}

export type MarkDayRequest = {
  enrollmentId: string;
  day: number;
  done: boolean;
  /** The readings' places in the day; the whole day when left out. */
  readings?: number[];
};

export function markPlanDay({ enrollmentId, day, ...body }: MarkDayRequest): Promise<Enrollment> {
  return apiRequest<Enrollment>(`/api/my-plans/${encodeURIComponent(enrollmentId)}/days/${day}`, {
    method: 'PUT',
    body,
  });
}

/** The list with a day's readings ticked or unticked, as the person asked (before the answer). */
function withDayMarked(list: EnrollmentList, mark: MarkDayRequest): EnrollmentList {
  return {
    items: list.items.map((enrollment) =>
      enrollment.id !== mark.enrollmentId
        ? enrollment
        : {
            ...enrollment,
            today: enrollment.today.map((day) => {
              if (day.day !== mark.day) return day;
              const done = day.done.map((flag, index) =>
                mark.readings === undefined || mark.readings.includes(index) ? mark.done : flag,
              );
              return { ...day, done, complete: done.every(Boolean) };
            }),
          },
    ),
  };
}

/** Ticks (or unticks) readings of a plan day, at once on screen; put back if it fails. */
export function useMarkPlanDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markPlanDay,
    onMutate: async (mark) => {
      await queryClient.cancelQueries({ queryKey: myPlanKeys.list });
      const before = queryClient.getQueryData<EnrollmentList>(myPlanKeys.list);
      if (before) queryClient.setQueryData(myPlanKeys.list, withDayMarked(before, mark));
      return { before };
    },
    onSuccess: (enrollment) => {
      putEnrollment(queryClient, enrollment);
      refreshStreak(queryClient);
    },
    onError: (error, _mark, context) => {
      if (context?.before) queryClient.setQueryData(myPlanKeys.list, context.before);
      notify.error(
        'Could not save',
        planFailureDescription(error, 'There was an error saving your reading.'),
      );
    },
  });
}

function enrollmentAction(path: 'catch-up' | 'pause' | 'resume') {
  return (enrollmentId: string): Promise<Enrollment> =>
    apiRequest<Enrollment>(`/api/my-plans/${encodeURIComponent(enrollmentId)}/${path}`, {
      method: 'POST',
    });
}

export const catchUpPlan = enrollmentAction('catch-up');
export const pausePlan = enrollmentAction('pause');
export const resumePlan = enrollmentAction('resume');

/** A change of a followed plan's schedule, with its toasts. */
function useEnrollmentChange(
  mutationFn: (enrollmentId: string) => Promise<Enrollment>,
  messages: {
    success: (enrollment: Enrollment) => [string, string];
    failure: [string, string];
  },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (enrollment) => {
      putEnrollment(queryClient, enrollment);
      notify.success(...messages.success(enrollment));
    },
    onError: (error) =>
      notify.error(messages.failure[0], planFailureDescription(error, messages.failure[1])),
  });
}

/** Spreads the missed days over the days left. */
export function useCatchUpPlan() {
  return useEnrollmentChange(catchUpPlan, {
    success: ({ plan }) => [
      'You are caught up',
      `The days you missed in ${plan.title} are spread over the days ahead.`,
    ],
    failure: ['Could not catch up', 'There was an error catching up this plan.'],
  });
}

export function usePausePlan() {
  return useEnrollmentChange(pausePlan, {
    success: ({ plan }) => [
      'Plan paused',
      `${plan.title} will wait for you. Resume it whenever you are ready.`,
    ],
    failure: ['Could not pause', 'There was an error pausing this plan.'],
  });
}

export function useResumePlan() {
  return useEnrollmentChange(resumePlan, {
    success: ({ plan }) => ['Welcome back', `${plan.title} carries on from where you paused.`],
    failure: ['Could not resume', 'There was an error resuming this plan.'],
  });
}

/** Already gone (a 404: left in another tab) counts as left. */
export function leavePlan(enrollmentId: string): Promise<void> {
  return apiDelete(`/api/my-plans/${encodeURIComponent(enrollmentId)}`);
}

/** Stops following a plan; the caller toasts and closes its dialog. */
export function useLeavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enrollment: Enrollment) => leavePlan(enrollment.id),
    onSuccess: (_nothing, enrollment) => {
      queryClient.setQueryData<EnrollmentList>(myPlanKeys.list, (list) =>
        list ? { items: list.items.filter((item) => item.id !== enrollment.id) } : list,
      );
    },
  });
}
