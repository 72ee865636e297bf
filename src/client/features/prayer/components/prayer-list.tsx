import { parseISO } from 'date-fns';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  useAnswerPrayer,
  useDeletePrayer,
  usePrayedPrayer,
  usePrayerList,
  useUnanswerPrayer,
  useUpdatePrayer,
  type PrayerRequest,
} from '#client/api/prayers.ts';
import { LoadError } from '#client/components/load-error.tsx';
import { PagedList } from '#client/components/paged-list.tsx';
import { ScriptureQuote } from '#client/components/scripture-quote.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialogContent } from '#client/components/ui/confirm-dialog-content.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { formatDate } from '#client/lib/dates.ts';
import { notify } from '#client/lib/notify.ts';
import { failureDescription } from '#client/lib/offline/failure-description.ts';
import { loadedItems } from '#client/lib/pages.ts';
import { prayerLimits } from '#shared/rules/prayers.ts';
import { weekdays, type Weekday } from '#shared/rules/settings.ts';
import { testimonyLimits } from '#shared/rules/testimonies.ts';
import { PrayerTimer } from './prayer-timer.tsx';

const fieldClass =
  'w-full rounded-2xl border border-input bg-background px-4 py-3 text-base leading-relaxed placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** 'Answered after 8 days' (the same day: 'Answered the same day'). */
export function answeredAfter(days: number): string {
  if (days === 0) return 'Answered the same day';
  return `Answered after ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** What the testimony form is opened with from an answered prayer (it still goes through moderation). */
export type TestimonyDraftState = { testimonyDraft: { feeling: string; god_reminded: string } };

export function testimonyFromPrayer(prayer: PrayerRequest): TestimonyDraftState {
  const cut = (text: string) => Array.from(text).slice(0, testimonyLimits.answer).join('');
  const about = prayer.person ? `${prayer.title} (for ${prayer.person})` : prayer.title;
  const took = prayer.days_to_answer === null ? '' : ` ${answeredAfter(prayer.days_to_answer)}.`;
  return {
    testimonyDraft: {
      feeling: cut(`I was praying: ${about}.${prayer.details ? `\n\n${prayer.details}` : ''}`),
      god_reminded: cut(`${prayer.answer_note ?? 'He answered my prayer.'}${took}`),
    },
  };
}

/** A reminder's days as a person says them: 'every day', 'weekdays', or 'mon, thu' in order. */
export function reminderDaysText(days: readonly Weekday[]): string {
  const chosen = weekdays.filter((day) => days.includes(day));
  if (chosen.length === weekdays.length) return 'every day';
  const isWeekdays =
    chosen.length === 5 && !chosen.includes('saturday') && !chosen.includes('sunday');
  return isWeekdays ? 'weekdays' : chosen.map((day) => day.slice(0, 3)).join(', ');
}

function todayIso(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A dialog around one of the list's forms: its title and words, the fields, then Cancel and the
 * submit button (a spinner while saving). It stays open while a save is on its way.
 */
function PrayerFormDialog({
  title,
  description,
  submitLabel,
  isPending,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  description: string;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && !isPending && onClose()}>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription className="mt-2">{description}</DialogDescription>
        <form className="mt-4 flex flex-col gap-3" onSubmit={onSubmit}>
          {children}
          <div className="mt-3 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" aria-disabled={isPending}>
              {isPending ? <Spinner className="size-4 text-current" /> : null}
              {submitLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Edits a request's title, details, person and verse. */
function EditPrayerDialog({ prayer, onClose }: { prayer: PrayerRequest; onClose: () => void }) {
  const id = useId();
  const update = useUpdatePrayer();
  const [title, setTitle] = useState(prayer.title);
  const [details, setDetails] = useState(prayer.details ?? '');
  const [person, setPerson] = useState(prayer.person ?? '');
  const [verse, setVerse] = useState(prayer.verse_reference ?? '');
  const [days, setDays] = useState<Weekday[]>(prayer.reminder_days ?? []);
  const [time, setTime] = useState(prayer.reminder_time ?? '');

  function toggleDay(day: Weekday, isChecked: boolean) {
    setDays(isChecked ? [...days, day] : days.filter((chosen) => chosen !== day));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!title.trim()) {
      notify.error('Prayer required', 'Please write your prayer before saving.');
      return;
    }
    if (days.length > 0 !== (time !== '')) {
      notify.error('Save Failed', 'A reminder needs both its days and a time.');
      return;
    }
    const hasReminder = days.length > 0 && time !== '';
    update.mutate(
      {
        id: prayer.id,
        title,
        details,
        person,
        verse_reference: verse,
        reminder_days: hasReminder ? days : null,
        reminder_time: hasReminder ? time : null,
      },
      { onSuccess: onClose },
    );
  }

  return (
    <PrayerFormDialog
      title="Edit prayer"
      description="Change what you are praying for. Saved prayers stay on your list."
      submitLabel="Save changes"
      isPending={update.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Label htmlFor={`${id}-title`}>Title</Label>
      <Input
        id={`${id}-title`}
        value={title}
        maxLength={prayerLimits.title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <Label htmlFor={`${id}-details`}>Details (optional)</Label>
      <textarea
        id={`${id}-details`}
        rows={4}
        className={fieldClass}
        value={details}
        maxLength={prayerLimits.details}
        onChange={(event) => setDetails(event.target.value)}
      />
      <Label htmlFor={`${id}-person`}>Praying for (optional)</Label>
      <Input
        id={`${id}-person`}
        value={person}
        maxLength={prayerLimits.person}
        onChange={(event) => setPerson(event.target.value)}
      />
      <Label htmlFor={`${id}-verse`}>Verse (optional)</Label>
      <Input
        id={`${id}-verse`}
        value={verse}
        placeholder="John 3:16"
        maxLength={prayerLimits.verseReference}
        onChange={(event) => setVerse(event.target.value)}
      />
      <fieldset className="mt-2">
        <legend className="text-sm font-medium">Reminder (optional)</legend>
        <p className="text-xs text-muted-foreground">
          On these days at this time where you are, on the bell and this device.
        </p>
        <div className="mt-2 flex flex-wrap gap-3">
          {weekdays.map((day) => (
            <label key={day} className="flex items-center gap-1.5 text-sm capitalize">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={days.includes(day)}
                onChange={(event) => toggleDay(day, event.target.checked)}
              />
              {day.slice(0, 3)}
            </label>
          ))}
        </div>
        <Label htmlFor={`${id}-time`} className="mt-3 block">
          Reminder time
        </Label>
        <Input
          id={`${id}-time`}
          type="time"
          className="mt-2"
          value={time}
          onChange={(event) => setTime(event.target.value)}
        />
      </fieldset>
    </PrayerFormDialog>
  );
}

/** "Answered": the day (today by default) and, if they like, how. */
function AnsweredDialog({ prayer, onClose }: { prayer: PrayerRequest; onClose: () => void }) {
  const id = useId();
  const answer = useAnswerPrayer();
  const [day, setDay] = useState(todayIso);
  const [note, setNote] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    answer.mutate(
      { id: prayer.id, answered_on: day || null, answer_note: note },
      {
        onSuccess: () => {
          notify.success('Prayer answered', 'It is kept under Answered prayers.');
          onClose();
        },
      },
    );
  }

  return (
    <PrayerFormDialog
      title="Mark as answered"
      description={`“${prayer.title}”`}
      submitLabel="Save answer"
      isPending={answer.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Label htmlFor={`${id}-day`}>Answered on</Label>
      <Input
        id={`${id}-day`}
        type="date"
        value={day}
        max={todayIso()}
        onChange={(event) => setDay(event.target.value)}
      />
      <Label htmlFor={`${id}-how`}>How was it answered? (optional)</Label>
      <textarea
        id={`${id}-how`}
        rows={3}
        className={fieldClass}
        value={note}
        maxLength={prayerLimits.answerNote}
        onChange={(event) => setNote(event.target.value)}
      />
    </PrayerFormDialog>
  );
}

function DeletePrayerDialog({ prayer, onClose }: { prayer: PrayerRequest; onClose: () => void }) {
  const remove = useDeletePrayer();
  return (
    <Dialog open onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <ConfirmDialogContent
        title="Delete this prayer?"
        description={`“${prayer.title}” will be removed from your prayer list. This cannot be undone.`}
        confirmLabel="Delete"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(prayer.id, {
            onSuccess: () => {
              notify.success('Prayer deleted', 'It has been removed from your list.');
              onClose();
            },
            onError: (error) =>
              notify.error(
                'Delete Failed',
                failureDescription(error, 'There was an error deleting your prayer.'),
              ),
          })
        }
      />
    </Dialog>
  );
}

type Opened = { kind: 'edit' | 'answer' | 'delete'; prayer: PrayerRequest } | null;

function PrayerItem({
  prayer,
  onOpen,
}: {
  prayer: PrayerRequest;
  onOpen: (opened: Opened) => void;
}) {
  const navigate = useNavigate();
  const unanswer = useUnanswerPrayer();
  const created = parseISO(prayer.created_at);
  return (
    <article
      data-prayer-id={prayer.id}
      className="rounded-2xl border border-border bg-background/60 p-4 sm:p-5"
    >
      <h4 className="font-semibold break-words">{prayer.title}</h4>
      <p className="mt-1 text-xs font-medium text-muted-foreground">
        {prayer.person ? `For ${prayer.person} · ` : ''}
        {prayer.verse_reference ? `${prayer.verse_reference} · ` : ''}
        Added <time dateTime={prayer.created_at}>{formatDate(created, 'MMMM d, yyyy')}</time>
        {prayer.reminder_days && prayer.reminder_time && !prayer.answered_on
          ? ` · Reminder ${reminderDaysText(prayer.reminder_days)} at ${prayer.reminder_time}`
          : ''}
      </p>
      {prayer.details && prayer.details.trim() !== prayer.title ? (
        <p className="mt-2 leading-relaxed break-words whitespace-pre-wrap">{prayer.details}</p>
      ) : null}
      {prayer.answered_on && prayer.days_to_answer !== null ? (
        <div className="mt-3 rounded-xl bg-secondary/60 p-3 text-sm text-secondary-foreground">
          <p className="font-medium">
            {answeredAfter(prayer.days_to_answer)} ·{' '}
            <time dateTime={prayer.answered_on}>
              {formatDate(parseISO(prayer.answered_on), 'MMMM d, yyyy')}
            </time>
          </p>
          {prayer.answer_note ? (
            <p className="mt-1 break-words whitespace-pre-wrap">{prayer.answer_note}</p>
          ) : null}
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {prayer.answered_on ? (
          <>
            <Button
              size="sm"
              onClick={() => void navigate('/testimony', { state: testimonyFromPrayer(prayer) })}
            >
              Share as a testimony
            </Button>
            <Button
              size="sm"
              variant="outline"
              aria-disabled={unanswer.isPending}
              onClick={() => !unanswer.isPending && unanswer.mutate(prayer.id)}
            >
              Not answered yet
            </Button>
          </>
        ) : (
          <Button size="sm" variant="secondary" onClick={() => onOpen({ kind: 'answer', prayer })}>
            Answered
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={() => onOpen({ kind: 'edit', prayer })}>
          Edit
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onOpen({ kind: 'delete', prayer })}>
          Delete
        </Button>
      </div>
    </article>
  );
}

function PrayerListPanel({ answered, onOpen }: { answered: boolean; onOpen: (o: Opened) => void }) {
  const list = usePrayerList(answered, { isEnabled: true });
  const prayers = loadedItems(list.data);
  if (list.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" />
        Loading your prayers…
      </p>
    );
  }
  if (list.data === undefined) {
    return (
      <LoadError
        message="We couldn't load your prayer list."
        isRetrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  }
  if (prayers.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {answered
          ? 'Prayers you mark as answered will appear here, with how long each took.'
          : 'Prayers you save will appear here, newest first.'}
      </p>
    );
  }
  return (
    <PagedList
      items={prayers}
      getKey={(prayer) => prayer.id}
      renderItem={(prayer) => <PrayerItem prayer={prayer} onOpen={onOpen} />}
      estimateSize={160}
      gap={12}
      hasMore={list.hasNextPage}
      isLoadingMore={list.isFetchingNextPage}
      onLoadMore={() => {
        if (!list.isFetchingNextPage) void list.fetchNextPage();
      }}
      loadMoreLabel="Load more prayers"
      listLabel={answered ? 'Answered prayers' : 'My prayer list'}
    />
  );
}

/** "Pray through my list": one open request at a time, its verse, the timer, "Prayed", "Next". */
export function PrayThrough({ onDone }: { onDone: () => void }) {
  const list = usePrayerList(false, { isEnabled: true });
  const prayers = loadedItems(list.data);
  const prayed = usePrayedPrayer();
  const [index, setIndex] = useState(0);
  const prayer = prayers[index];

  if (list.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" />
        Loading your prayers…
      </p>
    );
  }
  if (!prayer) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-muted-foreground" role="status">
          {prayers.length === 0
            ? 'Your prayer list is empty. Add a prayer to pray through it.'
            : 'You have prayed through your list. Amen.'}
        </p>
        <Button variant="outline" onClick={onDone}>
          Back to my list
        </Button>
      </div>
    );
  }
  return (
    <section aria-label="Pray through my list" className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Prayer {index + 1} of {prayers.length}
        {list.hasNextPage ? '+' : ''}
      </p>
      <h4 className="font-serif text-xl font-semibold break-words">{prayer.title}</h4>
      {prayer.person ? <p className="text-sm">For {prayer.person}</p> : null}
      {prayer.details && prayer.details.trim() !== prayer.title ? (
        <p className="leading-relaxed break-words whitespace-pre-wrap">{prayer.details}</p>
      ) : null}
      {prayer.verse_reference ? (
        <ScriptureQuote
          reference={prayer.verse_reference}
          className="rounded-2xl border border-border bg-background/60 p-4"
          textClassName="text-lg leading-relaxed"
        />
      ) : null}
      <PrayerTimer />
      <div className="flex flex-wrap gap-2">
        <Button
          aria-disabled={prayed.isPending || prayer.prayed_today}
          onClick={() => {
            if (!prayed.isPending && !prayer.prayed_today) prayed.mutate(prayer.id);
          }}
        >
          {prayer.prayed_today ? 'Prayed today' : 'Prayed'}
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            if (index + 1 >= prayers.length && list.hasNextPage) void list.fetchNextPage();
            setIndex(index + 1);
          }}
        >
          Next
        </Button>
        <Button variant="ghost" onClick={onDone}>
          End
        </Button>
      </div>
    </section>
  );
}

/** The signed-in member's prayer list: open requests, answered ones, and praying through them. */
export function PrayerList() {
  const [opened, setOpened] = useState<Opened>(null);
  const [isPraying, setIsPraying] = useState(false);
  const close = () => setOpened(null);

  return (
    <div className="mt-8">
      {isPraying ? (
        <PrayThrough onDone={() => setIsPraying(false)} />
      ) : (
        <Tabs defaultValue="open">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <TabsList aria-label="Which prayers">
              <TabsTrigger value="open">My prayer list</TabsTrigger>
              <TabsTrigger value="answered">Answered prayers</TabsTrigger>
            </TabsList>
            <Button variant="secondary" onClick={() => setIsPraying(true)}>
              Pray through my list
            </Button>
          </div>
          <TabsContent value="open" className="mt-4">
            <PrayerListPanel answered={false} onOpen={setOpened} />
          </TabsContent>
          <TabsContent value="answered" className="mt-4">
            <PrayerListPanel answered onOpen={setOpened} />
          </TabsContent>
        </Tabs>
      )}
      {opened?.kind === 'edit' ? <EditPrayerDialog prayer={opened.prayer} onClose={close} /> : null}
      {opened?.kind === 'answer' ? <AnsweredDialog prayer={opened.prayer} onClose={close} /> : null}
      {opened?.kind === 'delete' ? (
        <DeletePrayerDialog prayer={opened.prayer} onClose={close} />
      ) : null}
    </div>
  );
}
