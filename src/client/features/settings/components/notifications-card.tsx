import { Bell, CalendarClock, LocateFixed } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { UserSettings } from '../../../../shared/schemas/settings.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { failureDescription } from '../../../lib/offline/failure-description.ts';
import { useSettings } from '../api/get-settings.ts';
import { useUpdateSettings } from '../api/update-settings.ts';
import {
  browserTimeZone,
  isSameNotificationValues,
  nextReminderLabel,
  notificationValues,
  validateNotificationValues,
  type NotificationErrors,
  type NotificationValues,
} from '../lib/settings-values.ts';
import { CardLoadError, CardSkeleton, FieldError } from './card-states.tsx';
import { SettingSwitch } from './setting-switch.tsx';
import { SettingsCard } from './settings-card.tsx';
import { TimeZoneSelect } from './time-zone-select.tsx';
import { WeekdayPicker } from './weekday-picker.tsx';

export function NotificationsCard() {
  const settings = useSettings();
  return (
    <SettingsCard
      id="notifications"
      title="Notifications"
      description="Gentle reminders to read, reflect and write."
      icon={Bell}
    >
      {settings.isPending ? (
        <CardSkeleton label="Loading your notification settings..." rows={3} />
      ) : settings.isError ? (
        <CardLoadError
          message="We couldn't load your notification settings."
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <NotificationsForm settings={settings.data} />
      )}
    </SettingsCard>
  );
}

function NotificationsForm({ settings }: { settings: UserSettings }) {
  const id = useId();
  const [values, setValues] = useState<NotificationValues>(() => notificationValues(settings));
  const [errors, setErrors] = useState<NotificationErrors>({});
  const [browserZone] = useState(browserTimeZone);
  const formRef = useRef<HTMLFormElement>(null);
  const update = useUpdateSettings();

  const isChanged = !isSameNotificationValues(values, notificationValues(settings));
  const areRemindersOff = !values.journal_reminders;
  // Only for what is saved: while the form has changes, the server would still use the old ones.
  const nextReminder = isChanged ? null : nextReminderLabel(settings, new Date());
  // A new account starts on UTC (spec §9); offer the zone this device is in.
  const suggestedZone =
    settings.reminder_timezone === 'UTC' && browserZone && browserZone !== 'UTC'
      ? browserZone
      : null;

  function change(patch: Partial<NotificationValues>) {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current, form: undefined };
      for (const key of Object.keys(patch)) delete next[key as keyof NotificationErrors];
      // With reminders off no day is needed.
      if (patch.journal_reminders === false) delete next.reminder_days;
      return next;
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateNotificationValues(values);
    if (!result.ok) {
      setErrors(result.errors);
      // Take keyboard and screen-reader users to the first problem.
      requestAnimationFrame(() => {
        formRef.current
          ?.querySelector<HTMLElement>('[data-invalid] button, [aria-invalid="true"]')
          ?.focus();
      });
      return;
    }
    setErrors({});
    update.mutate(result.request, {
      onSuccess: () => {
        notify.success('Settings Saved', 'Your notification settings have been updated.');
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 400) {
          setErrors({ form: failure.message });
        }
        notify.error(
          'Save Failed',
          failureDescription(failure, 'There was an error saving your settings. Please try again.'),
        );
      },
    });
  }

  const ids = {
    daily: `${id}-daily`,
    reminders: `${id}-reminders`,
    daysLabel: `${id}-days-label`,
    daysError: `${id}-days-error`,
    time: `${id}-time`,
    timeError: `${id}-time-error`,
    zone: `${id}-zone`,
    zoneHint: `${id}-zone-hint`,
    zoneError: `${id}-zone-error`,
    formError: `${id}-form-error`,
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <div className="divide-y divide-border">
        <div className="pb-6">
          <SettingSwitch
            id={ids.daily}
            label="Daily verse notifications"
            description="Receive a verse each morning to start your day with God's Word."
            checked={values.daily_verse_notifications}
            onCheckedChange={(checked) => change({ daily_verse_notifications: checked })}
          />
        </div>
        <div className="space-y-6 py-6">
          <SettingSwitch
            id={ids.reminders}
            label="Journal reminders"
            description="A gentle nudge to pause and write in your journal."
            checked={values.journal_reminders}
            onCheckedChange={(checked) => change({ journal_reminders: checked })}
          />
          <div className="space-y-6 rounded-xl border border-border bg-background/60 p-4 sm:p-5">
            {areRemindersOff ? (
              <p className="text-sm text-muted-foreground">
                Turn on journal reminders to choose when they arrive.
              </p>
            ) : null}
            <div className="space-y-2.5">
              <p id={ids.daysLabel} className="text-sm font-medium">
                Reminder days
              </p>
              <WeekdayPicker
                labelId={ids.daysLabel}
                value={values.reminder_days}
                onChange={(days) => change({ reminder_days: days })}
                disabled={areRemindersOff}
                invalid={!!errors.reminder_days}
                describedBy={errors.reminder_days ? ids.daysError : undefined}
              />
              <FieldError id={ids.daysError} message={errors.reminder_days} />
            </div>
            <div className="grid gap-6 sm:grid-cols-[10rem_1fr]">
              <div className="space-y-2">
                <Label htmlFor={ids.time}>Reminder time</Label>
                <Input
                  id={ids.time}
                  type="time"
                  step={60}
                  value={values.reminder_time}
                  onChange={(event) => change({ reminder_time: event.target.value })}
                  disabled={areRemindersOff}
                  aria-invalid={errors.reminder_time ? true : undefined}
                  aria-describedby={errors.reminder_time ? ids.timeError : undefined}
                />
                <FieldError id={ids.timeError} message={errors.reminder_time} />
              </div>
              <div className="min-w-0 space-y-2">
                <Label htmlFor={ids.zone}>Time zone</Label>
                <TimeZoneSelect
                  id={ids.zone}
                  value={values.reminder_timezone}
                  onChange={(zone) => change({ reminder_timezone: zone })}
                  storedZone={settings.reminder_timezone}
                  browserZone={browserZone}
                  disabled={areRemindersOff}
                  aria-invalid={errors.reminder_timezone ? true : undefined}
                  aria-describedby={errors.reminder_timezone ? ids.zoneError : undefined}
                />
                <FieldError id={ids.zoneError} message={errors.reminder_timezone} />
                {suggestedZone && values.reminder_timezone !== suggestedZone ? (
                  <Button
                    type="button"
                    variant="link"
                    size="sm"
                    className="h-auto px-0 py-1 whitespace-normal"
                    disabled={areRemindersOff}
                    onClick={() => change({ reminder_timezone: suggestedZone })}
                  >
                    <LocateFixed aria-hidden="true" />
                    Use my time zone ({suggestedZone})
                  </Button>
                ) : null}
              </div>
            </div>
            {nextReminder ? (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <CalendarClock className="size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>
                  Next reminder: <span className="font-medium text-foreground">{nextReminder}</span>
                </span>
              </p>
            ) : null}
          </div>
        </div>
      </div>
      <div className="flex flex-col gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-end">
        {errors.form ? (
          <div className="sm:mr-auto">
            <FieldError id={ids.formError} message={errors.form} />
          </div>
        ) : null}
        <Button
          type="submit"
          disabled={!isChanged || update.isPending}
          className="w-full sm:w-auto"
        >
          {update.isPending ? <Spinner className="text-current" /> : null}
          Save notification settings
        </Button>
      </div>
    </form>
  );
}
