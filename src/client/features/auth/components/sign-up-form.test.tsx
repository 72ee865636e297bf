import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { signUpRequestSchema } from '../../../../shared/schemas/auth.ts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { FormField } from './form-field.tsx';

// The project's unit tests run in Node without a DOM: this follows sign-up-form.tsx's submit
// (the shared schema, then fieldErrors over its fields) and draws the password field it shows.
const fields = ['display_name', 'email', 'password'] as const;

function passwordFieldAfterSubmit(password: string): string {
  const parsed = signUpRequestSchema.safeParse({
    email: 'ruth@example.com',
    password,
    display_name: 'Ruth',
  });
  const errors = parsed.success ? {} : fieldErrors(parsed.error, fields);
  return renderToStaticMarkup(
    <FormField id="password" label="Password" error={errors.password} hint="At least 6 characters">
      {(control) => <input {...control} type="password" />}
    </FormField>,
  );
}

describe('the sign-up form with a blank password (issue 20, item 11)', () => {
  it.each(['      ', '\t\u00a0\u3000\t\u00a0\u3000'])(
    'shows "Your password cannot be only spaces." under the password for %j',
    (password) => {
      const markup = passwordFieldAfterSubmit(password);
      expect(markup).toContain('Your password cannot be only spaces.');
      expect(markup).toContain('aria-invalid="true"');
      expect(markup).not.toContain('At least 6 characters');
    },
  );

  it('shows only the hint for a password with spaces around real characters', () => {
    const markup = passwordFieldAfterSubmit('  quiet harbour  ');
    expect(markup).toContain('At least 6 characters');
    expect(markup).not.toContain('aria-invalid');
  });
});
