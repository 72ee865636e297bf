import type { RefObject } from 'react';
import { useSaveHabitReminder } from '#client/api/habit-reminder.ts';
import { lazyZodResolver } from '#client/lib/lazy-resolver.ts';
import { notify } from '#client/lib/notify.ts';
import type { HabitReminder } from '#shared/schemas/habits.ts';
import { useReminderForm } from './use-reminder-form.ts';

// raw: the values are sent as chosen ('07:30').
const reminderResolver = lazyZodResolver<HabitReminder, HabitReminder>(
  () => import('#shared/schemas/habits.ts').then((schemas) => schemas.habitReminderSchema),
  { raw: true },
);

export type ReadingReminderErrors = Partial<Record<'days' | 'time' | 'form', string>>;

function isSame(a: HabitReminder, b: HabitReminder): boolean {
  return (
    a.enabled === b.enabled &&
    a.time === b.time &&
    a.days.length === b.days.length &&
    a.days.every((day) => b.days.includes(day))
  );
}

/** The daily reading reminder's form (decision 016), on the reminder forms' shared base. */
export function useReadingReminderForm(
  saved: HabitReminder,
  formRef: RefObject<HTMLFormElement | null>,
) {
  const {
    form,
    values,
    change: changeField,
    submitWith,
    errorOf,
  } = useReminderForm(reminderResolver, saved, formRef);
  const save = useSaveHabitReminder();

  function change<Field extends keyof HabitReminder>(field: Field, value: HabitReminder[Field]) {
    changeField(field, value);
    // Off, the days cannot be chosen: the saved ones are kept rather than none.
    if (field === 'enabled' && value === false && values.days.length === 0) {
      form.setValue('days', saved.days);
      form.clearErrors('days');
    }
  }

  const onSubmit = submitWith(
    save.mutate,
    (answer) => {
      form.reset(answer);
      notify.success(
        'Settings Saved',
        answer.enabled
          ? 'Your daily reading reminder has been updated.'
          : 'Your daily reading reminder is off.',
      );
    },
    'There was an error saving your reminder. Please try again.',
  );

  return {
    values,
    errors: {
      days: errorOf('days'),
      time: errorOf('time'),
      form: errorOf('root'),
    } satisfies ReadingReminderErrors,
    change,
    onSubmit,
    isSaving: save.isPending,
    isChanged: !isSame(values, saved),
  };
}
