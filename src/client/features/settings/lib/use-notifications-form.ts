import { useEffect, useState, type RefObject } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { UserSettings } from '../../../../shared/schemas/settings.ts';
import { useUpdateSettings } from '../../../api/settings.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useIdlePreload } from '../../../lib/use-idle-preload.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import { failureDescription } from '../../../lib/offline/failure-description.ts';
import {
  browserTimeZone,
  isSameNotificationValues,
  notificationValues,
  type NotificationValues,
} from './settings-values.ts';
import { useNextReminder } from './use-next-reminder.ts';

// raw: the values are sent as chosen ('07:30'); the server keeps them its own way.
const notificationsResolver = lazyZodResolver<NotificationValues, NotificationValues>(
  () =>
    import('../../../../shared/schemas/settings.ts').then(
      (schemas) => schemas.notificationSettingsFormSchema,
    ),
  { raw: true },
);

export type NotificationErrors = Partial<Record<keyof NotificationValues | 'form', string>>;

/**
 * The notifications form's state on the shared schema: what is chosen, its messages (checked on
 * save; a change takes the changed field's message away), and the save with its toasts.
 */
export function useNotificationsForm(
  settings: UserSettings,
  formRef: RefObject<HTMLFormElement | null>,
) {
  useIdlePreload(notificationsResolver.preload);
  const form = useForm<NotificationValues, unknown, NotificationValues>({
    resolver: notificationsResolver,
    defaultValues: notificationValues(settings),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // The days are a group of toggles, not one field: focus goes to the first problem below.
    shouldFocusError: false,
  });
  // Every field has a default value, so none of them is ever missing here.
  const values = useWatch({ control: form.control }) as NotificationValues;
  const [browserZone] = useState(browserTimeZone);
  const update = useUpdateSettings();
  const { errors: fieldErrors, submitCount } = form.formState;

  const hasFieldErrors = !!(
    fieldErrors.reminder_days ||
    fieldErrors.reminder_time ||
    fieldErrors.reminder_timezone
  );

  // After a save the form refused, take keyboard and screen-reader users to the first problem
  // (once its messages are drawn).
  useEffect(() => {
    if (submitCount === 0 || !hasFieldErrors) return;
    formRef.current
      ?.querySelector<HTMLElement>('[data-invalid] button, [aria-invalid="true"]')
      ?.focus();
  }, [formRef, submitCount, hasFieldErrors]);

  const isChanged = !isSameNotificationValues(values, notificationValues(settings));
  // Only for what is saved: while the form has changes, the server would still use the old ones.
  const nextReminder = useNextReminder(isChanged ? null : settings);
  // A new account starts on UTC (product §9); offer the zone this device is in.
  const suggestedZone =
    settings.reminder_timezone === 'UTC' && browserZone && browserZone !== 'UTC'
      ? browserZone
      : null;

  function change<Field extends keyof NotificationValues>(
    field: Field,
    value: NotificationValues[Field],
  ) {
    // setValue's value type is worked out from a path; for a known key it is this field's type.
    form.setValue(field, value as Parameters<typeof form.setValue<Field>>[1]);
    form.clearErrors('root');
    form.clearErrors(field);
    // With reminders off no day is needed.
    if (field === 'journal_reminders' && value === false) form.clearErrors('reminder_days');
  }

  const onSubmit = form.handleSubmit((request) => {
    update.mutate(request, {
      onSuccess: () => {
        notify.success('Settings Saved', 'Your notification settings have been updated.');
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 400) {
          form.setError('root', { message: failure.message });
        }
        notify.error(
          'Save Failed',
          failureDescription(failure, 'There was an error saving your settings. Please try again.'),
        );
      },
    });
  });

  const errors: NotificationErrors = {
    reminder_days: fieldErrors.reminder_days?.message,
    reminder_time: fieldErrors.reminder_time?.message,
    reminder_timezone: fieldErrors.reminder_timezone?.message,
    form: fieldErrors.root?.message,
  };

  return {
    values,
    errors,
    change,
    onSubmit,
    isSaving: update.isPending,
    isChanged,
    nextReminder,
    suggestedZone,
    browserZone,
  };
}
