import type { ReactNode } from 'react';
import { Label } from '#client/components/ui/label.tsx';

export type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FormFieldProps = {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  /** Shown at the end of the label row, such as a 'Forgot password?' button. */
  labelAside?: ReactNode;
  children: (control: ControlProps) => ReactNode;
};

/** A label, its control, a hint and the inline error, wired together for assistive technology. */
export function FormField({ id, label, error, hint, labelAside, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-2">
      <div className="flex min-h-5 items-center justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
