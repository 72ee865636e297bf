import { useEffect, type RefObject } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { HabitReminder } from '../../../../shared/schemas/habits.ts';
import { useSaveHabitReminder } from '../../../api/habit-reminder.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import { failureDescription } from '../../../lib/offline/failure-description.ts';
import { useIdlePreload } from '../../../lib/use-idle-preload.ts';

// raw: the values are sent as chosen ('07:30').
const reminderResolver = lazyZodResolver<HabitReminder, HabitReminder>(
  () =>
    import('../../../../shared/schemas/habits.ts').then((schemas) => schemas.habitReminderSchema),
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

/**
 * The daily reading reminder's form (decision 016) on the shared schema, as the journal
 * reminder's: checked on save, a change takes the changed field's message away, and the save
 * with its toasts.
 */
export function useReadingReminderForm(
  saved: HabitReminder,
  formRef: RefObject<HTMLFormElement | null>,
) {
  useIdlePreload(reminderResolver.preload);
  const form = useForm<HabitReminder, unknown, HabitReminder>({
    resolver: reminderResolver,
    defaultValues: saved,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // The days are a group of toggles, not one field: focus goes to the first problem below.
    shouldFocusError: false,
  });
  // Every field has a default value, so none of them is ever missing here.
  const values = useWatch({ control: form.control }) as HabitReminder;
  const save = useSaveHabitReminder();
  const { errors: fieldErrors, submitCount } = form.formState;
  const hasFieldErrors = !!(fieldErrors.days || fieldErrors.time);

  useEffect(() => {
    if (submitCount === 0 || !hasFieldErrors) return;
    formRef.current
      ?.querySelector<HTMLElement>('[data-invalid] button, [aria-invalid="true"]')
      ?.focus();
  }, [formRef, submitCount, hasFieldErrors]);

  function change<Field extends keyof HabitReminder>(field: Field, value: HabitReminder[Field]) {
    form.setValue(field, value as Parameters<typeof form.setValue<Field>>[1]);
    form.clearErrors('root');
    form.clearErrors(field);
    // Off, the days cannot be chosen: the saved ones are kept rather than none.
    if (field === 'enabled' && value === false && values.days.length === 0) {
      form.setValue('days', saved.days);
      form.clearErrors('days');
    }
  }

  const onSubmit = form.handleSubmit((request) => {
    save.mutate(request, {
      onSuccess: (answer) => {
        form.reset(answer);
        notify.success(
          'Settings Saved',
          answer.enabled
            ? 'Your daily reading reminder has been updated.'
            : 'Your daily reading reminder is off.',
        );
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 400) {
          form.setError('root', { message: failure.message });
        }
        notify.error(
          'Save Failed',
          failureDescription(failure, 'There was an error saving your reminder. Please try again.'),
        );
      },
    });
  });

  return {
    values,
    errors: {
      days: fieldErrors.days?.message,
      time: fieldErrors.time?.message,
      form: fieldErrors.root?.message,
    } satisfies ReadingReminderErrors,
    change,
    onSubmit,
    isSaving: save.isPending,
    isChanged: !isSame(values, saved),
  };
}
