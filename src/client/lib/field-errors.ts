import type { z } from 'zod';

/** A form's messages by field name: the first zod issue for each top-level field. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export function fieldErrors<Field extends string>(
  error: z.ZodError,
  fields: readonly Field[],
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of error.issues) {
    const field = fields.find((name) => name === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The first field, in form order, that has a message (to move focus to it). */
export function firstInvalidField<Field extends string>(
  errors: FieldErrors<Field>,
  fields: readonly Field[],
): Field | undefined {
  return fields.find((field) => errors[field]);
}
