import { Input } from '../../../components/ui/input.tsx';
import { FormField } from './form-field.tsx';

type EmailFieldProps = {
  id: string;
  value: string;
  error: string | undefined;
  /** Called with the new value; the form clears the field's error there. */
  onChange: (value: string) => void;
  autoFocus?: boolean;
};

/** The e-mail field shared by sign-in, sign-up and 'Forgot password?'. */
export function EmailField({ id, value, error, onChange, autoFocus = false }: EmailFieldProps) {
  return (
    <FormField id={id} label="Email" error={error}>
      {(control) => (
        <Input
          {...control}
          autoFocus={autoFocus}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
