import { BookOpen } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  useCheckIn,
  useFollowGroupPlan,
  useGroupReading,
  useSetGroupPlan,
  type GroupReading,
} from '#client/api/group-wall.ts';
import { usePlanLibrary } from '#client/api/plans.ts';
import { LoadingState } from '#client/components/loading-state.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { messageOf } from '#client/features/groups/components/fields.ts';
import { notify } from '#client/lib/notify.ts';
import { groupLimits } from '#shared/rules/groups.ts';
import type { Group } from '#shared/schemas/groups.ts';

/** "Ruth, Sam and Ann" from names. */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function localToday(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const selectClassName =
  'block h-11 w-full rounded-xl border border-input bg-background px-3 text-base text-foreground shadow-xs focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none';

/** Leaders: choose a library plan and its day 1 for the group, or stop reading one. */
function ChoosePlan({ groupId, hasPlan }: { groupId: string; hasPlan: boolean }) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [planId, setPlanId] = useState('');
  const [startDate, setStartDate] = useState(localToday);
  const [error, setError] = useState<string | null>(null);
  const library = usePlanLibrary();
  const setPlan = useSetGroupPlan(groupId);
  const plans = (library.data ?? []).filter((plan) => plan.kind === 'library');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (planId === '') {
      setError('Choose a plan.');
      return;
    }
    setError(null);
    setPlan.mutate(
      { plan_id: planId, start_date: startDate },
      {
        onSuccess: () => {
          setIsOpen(false);
          notify.success('Plan chosen', 'The group can follow it now.');
        },
        onError: (failure) => setError(messageOf(failure, 'The plan could not be chosen.')),
      },
    );
  };
  if (!isOpen) {
    return (
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => setIsOpen(true)}>
          {hasPlan ? 'Choose another plan' : 'Choose a plan'}
        </Button>
        {hasPlan ? (
          <Button
            variant="ghost"
            disabled={setPlan.isPending}
            onClick={() => {
              if (!window.confirm('Stop reading this plan together?')) return;
              setPlan.mutate(null, {
                onError: (failure) => notify.error('Not changed', messageOf(failure, '')),
              });
            }}
          >
            Stop this plan
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Choose a plan"
      className="space-y-3 rounded-2xl border border-border p-4"
    >
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-plan`}>Plan</Label>
        <select
          id={`${id}-plan`}
          value={planId}
          onChange={(event) => setPlanId(event.target.value)}
          className={selectClassName}
          aria-invalid={error !== null && planId === ''}
        >
          <option value="">{library.isPending ? 'Loading plans…' : 'Choose a plan'}</option>
          {plans.map((plan) => (
            <option key={plan.id} value={plan.id}>
              {plan.title} ({plan.days} days)
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-start`}>Day 1</Label>
        <Input
          id={`${id}-start`}
          type="date"
          value={startDate}
          required
          onChange={(event) => setStartDate(event.target.value)}
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={setPlan.isPending}>
          Read this together
        </Button>
        <Button type="button" variant="outline" onClick={() => setIsOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function CheckInForm({ groupId, mine }: { groupId: string; mine: string | null }) {
  const id = useId();
  const [text, setText] = useState(mine ?? '');
  const [error, setError] = useState<string | null>(null);
  const checkIn = useCheckIn(groupId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setError('Please write a line before checking in.');
      return;
    }
    setError(null);
    checkIn.mutate(text, {
      onSuccess: () => notify.success('Checked in'),
      onError: (failure) => setError(messageOf(failure, 'Your check-in was not saved.')),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <Label htmlFor={id}>{mine ? 'Your check-in today' : 'Check in for today'}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          value={text}
          maxLength={groupLimits.checkIn}
          placeholder="One line: what stood out to you?"
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error !== null}
          aria-describedby={`${id}-count`}
        />
        <Button type="submit" disabled={checkIn.isPending} className="shrink-0">
          {mine ? 'Update check-in' : 'Check in'}
        </Button>
      </div>
      <p id={`${id}-count`} className="text-xs text-muted-foreground">
        {text.length} / {groupLimits.checkIn} characters
      </p>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function TodaysReading({ groupId, reading }: { groupId: string; reading: GroupReading }) {
  const follow = useFollowGroupPlan(groupId);
  const plan = reading.plan;
  if (!plan) return null;
  const readers = reading.read_today.map((person) => person.display_name);
  return (
    <div className="space-y-4 rounded-2xl border border-border bg-card p-4 sm:p-5">
      <div>
        <h3 className="font-serif text-xl font-semibold">{plan.title}</h3>
        <p className="text-sm text-muted-foreground">
          {reading.day === null
            ? reading.plan && plan.start_date > localToday()
              ? `Starts on ${plan.start_date}`
              : 'This plan has ended.'
            : `Day ${reading.day} of ${plan.days}`}
        </p>
      </div>
      {reading.readings.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Today's readings">
          {reading.readings.map((item) => (
            <li key={item.href}>
              <Link
                to={item.href}
                className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-border px-3 text-sm font-medium hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50 focus-visible:outline-none"
              >
                <BookOpen aria-hidden="true" className="size-4" />
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {reading.following ? (
        <p className="text-sm text-muted-foreground">You follow this plan.</p>
      ) : (
        <Button
          disabled={follow.isPending}
          onClick={() =>
            follow.mutate(
              { plan_id: plan.plan_id, start_date: plan.start_date },
              {
                onSuccess: () => notify.success('Plan started', `You are following ${plan.title}.`),
                onError: (failure) =>
                  notify.error('Could not follow the plan', messageOf(failure, '')),
              },
            )
          }
        >
          Follow this plan
        </Button>
      )}
      <p className="text-sm">
        {readers.length > 0 ? `Read today: ${joinNames(readers)}` : 'Nobody has read today yet.'}
      </p>
    </div>
  );
}

/** The group's plan: today's readings, who read them, and each member's line for the day. */
export function ReadingTogether({ group }: { group: Group }) {
  const reading = useGroupReading(group.id);
  const isLeader = group.my_role !== 'member';
  if (reading.isPending) return <LoadingState label="Loading the group's reading..." />;
  if (!reading.data) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {messageOf(reading.error, "The group's reading could not be loaded.")}
      </p>
    );
  }
  const data = reading.data;
  return (
    <div className="space-y-6">
      {data.plan ? (
        <TodaysReading groupId={group.id} reading={data} />
      ) : (
        <p className="text-muted-foreground">
          {isLeader
            ? 'Choose a plan from the library for the group to read together.'
            : 'The group is not reading a plan together yet.'}
        </p>
      )}
      {isLeader ? <ChoosePlan groupId={group.id} hasPlan={data.plan !== null} /> : null}
      {data.plan ? (
        <div className="space-y-4">
          <CheckInForm key={data.my_check_in ?? ''} groupId={group.id} mine={data.my_check_in} />
          <section aria-labelledby={`check-ins-${group.id}`} className="space-y-2">
            <h3 id={`check-ins-${group.id}`} className="font-semibold">
              Today&apos;s check-ins
            </h3>
            {data.check_ins.length === 0 ? (
              <p className="text-sm text-muted-foreground">No check-ins yet today.</p>
            ) : (
              <ul className="space-y-2">
                {data.check_ins.map((checkIn) => (
                  <li key={checkIn.user_id} className="rounded-xl bg-muted/60 px-3 py-2 text-sm">
                    <span className="font-medium">{checkIn.display_name}</span>
                    <span className="text-muted-foreground">: </span>
                    {checkIn.text}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      ) : null}
    </div>
  );
}
