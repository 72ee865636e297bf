import { useState, type RefObject } from 'react';
import { useUpdateSettings } from '#client/api/settings.ts';
import { lazyZodResolver } from '#client/lib/lazy-resolver.ts';
import { notify } from '#client/lib/notify.ts';
import type { UserSettings } from '#shared/schemas/settings.ts';
import {
  browserTimeZone,
  isSameNotificationValues,
  notificationValues,
  type NotificationValues,
} from './settings-values.ts';
import { useNextReminder } from './use-next-reminder.ts';
import { useReminderForm } from './use-reminder-form.ts';

// raw: the values are sent as chosen ('07:30'); the server keeps them its own way.
const notificationsResolver = lazyZodResolver<NotificationValues, NotificationValues>(
  () =>
    import('#shared/schemas/settings.ts').then((schemas) => schemas.notificationSettingsFormSchema),
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
  const {
    form,
    values,
    change: changeField,
    submitWith,
    errorOf,
  } = useReminderForm(notificationsResolver, notificationValues(settings), formRef);
  const [browserZone] = useState(browserTimeZone);
  const update = useUpdateSettings();

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
    changeField(field, value);
    // With reminders off no day is needed.
    if (field === 'journal_reminders' && value === false) form.clearErrors('reminder_days');
  }

  const onSubmit = submitWith(
    update.mutate,
    () => notify.success('Settings Saved', 'Your notification settings have been updated.'),
    'There was an error saving your settings. Please try again.',
  );

  const errors: NotificationErrors = {
    reminder_days: errorOf('reminder_days'),
    reminder_time: errorOf('reminder_time'),
    reminder_timezone: errorOf('reminder_timezone'),
    form: errorOf('root'),
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
