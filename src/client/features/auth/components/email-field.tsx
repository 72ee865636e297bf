import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '#client/components/ui/input.tsx';
import { FormField } from './form-field.tsx';

type EmailFieldProps = {
  id: string;
  error: string | undefined;
  /** The form's register('email', …): value, change and the ref focus moves to. */
  registration: UseFormRegisterReturn<'email'>;
  autoFocus?: boolean;
};

/** The e-mail field shared by sign-in, sign-up and 'Forgot password?'. */
export function EmailField({ id, error, registration, autoFocus = false }: EmailFieldProps) {
  return (
    <FormField id={id} label="Email" error={error}>
      {(control) => (
        <Input
          {...control}
          {...registration}
          autoFocus={autoFocus}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
        />
      )}
    </FormField>
  );
}
