import { useEffect, type RefObject } from 'react';
import {
  useForm,
  useWatch,
  type DefaultValues,
  type FieldValues,
  type Path,
} from 'react-hook-form';
import { ApiError } from '#client/lib/api-client.ts';
import type { LazyResolver } from '#client/lib/lazy-resolver.ts';
import { notify } from '#client/lib/notify.ts';
import { failureDescription } from '#client/lib/offline/failure-description.ts';
import { useIdlePreload } from '#client/lib/use-idle-preload.ts';

type Save<Values, Answer> = (
  request: Values,
  callbacks: { onSuccess: (answer: Answer) => void; onError: (failure: Error) => void },
) => void;

/**
 * What the two reminder forms (the journal reminders in Notifications, the daily reading
 * reminder) share, on a shared schema: checked on save, never while typing; after a refused
 * save, focus on the first problem (the days are a group of toggles, so not react-hook-form's
 * own focus); a change takes the changed field's message away; a save with its toasts, a 400's
 * message kept under the form.
 */
export function useReminderForm<Values extends FieldValues>(
  resolver: LazyResolver<Values, Values>,
  defaultValues: Values,
  formRef: RefObject<HTMLFormElement | null>,
) {
  useIdlePreload(resolver.preload);
  const form = useForm<Values, unknown, Values>({
    resolver,
    defaultValues: defaultValues as DefaultValues<Values>,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  // Every field has a default value, so none of them is ever missing here.
  const values = useWatch({ control: form.control }) as Values;
  const { errors, submitCount } = form.formState;
  const hasFieldErrors = Object.keys(errors).some((name) => name !== 'root');

  useEffect(() => {
    if (submitCount === 0 || !hasFieldErrors) return;
    formRef.current
      ?.querySelector<HTMLElement>('[data-invalid] button, [aria-invalid="true"]')
      ?.focus();
  }, [formRef, submitCount, hasFieldErrors]);

  function change<Field extends keyof Values & Path<Values>>(field: Field, value: Values[Field]) {
    // setValue's value type is worked out from a path; for a known key it is this field's type.
    form.setValue(field, value as Parameters<typeof form.setValue<Field>>[1]);
    form.clearErrors('root');
    form.clearErrors(field);
  }

  /** The form's submit handler: saves with `save`, toasting the outcome. */
  function submitWith<Answer>(
    save: Save<Values, Answer>,
    saved: (answer: Answer) => void,
    failureMessage: string,
  ) {
    return form.handleSubmit((request) => {
      save(request, {
        onSuccess: saved,
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 400) {
            form.setError('root', { message: failure.message });
          }
          notify.error('Save Failed', failureDescription(failure, failureMessage));
        },
      });
    });
  }

  /** A field's message, if the last save found one. */
  function errorOf(field: Path<Values> | 'root'): string | undefined {
    const error = (errors as Record<string, { message?: unknown } | undefined>)[field];
    return typeof error?.message === 'string' ? error.message : undefined;
  }

  return { form, values, change, submitWith, errorOf };
}
