import { describe, expect, it } from 'vitest';
import { passwordResetConfirmSchema, passwordSchema, signUpRequestSchema } from './auth.ts';

const blankMessage = 'Your password cannot be only spaces.';

function firstMessage(value: unknown): string | undefined {
  const result = passwordSchema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** A password of six spaces was once taken while 'abcdef' was refused as common. */
describe('passwordSchema', () => {
  it.each([
    ['six spaces', '      '],
    ['tabs', '\t\t\t\t\t\t'],
    ['line breaks', '\n\r\n\r\n\n'],
    ['no-break spaces', '\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0'],
    ['ideographic spaces', '\u3000\u3000\u3000\u3000\u3000\u3000'],
    ['em and thin spaces', '\u2003\u2009\u2003\u2009\u2003\u2009'],
    ['a mix of blank characters', ' \t\u00a0\u3000\u2028\u202f\ufeff\u205f'],
    ['zero-width characters', '\u200b\u200b\u200c\u200d\u2060\u200b'],
    ['many spaces', ' '.repeat(64)],
  ])('refuses a password of %s', (_, password) => {
    expect(firstMessage(password)).toBe(blankMessage);
  });

  it('still says a short blank password is too short', () => {
    expect(firstMessage('   ')).toBe('Password should be at least 6 characters.');
    expect(firstMessage('')).toBe('Password should be at least 6 characters.');
  });

  it.each([
    ['a real password', 'quiet-harbour-lamp-42'],
    ['spaces around it', '  quiet harbour  '],
    ['a space inside six characters', 'ab cde'],
    ['one visible character among spaces', '     x'],
    ['a no-break space around it', '\u00a0lamp-42\u00a0'],
  ])('keeps %s exactly as typed', (_, password) => {
    const result = passwordSchema.safeParse(password);
    expect(result.success).toBe(true);
    expect(result.data).toBe(password);
  });

  it('refuses a blank password at sign-up and at reset, with the same message', () => {
    const signUp = signUpRequestSchema.safeParse({
      email: 'a@example.com',
      password: '      ',
      display_name: 'Ann',
    });
    expect(signUp.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['password'], blankMessage],
    ]);
    const reset = passwordResetConfirmSchema.safeParse({ token: 'abc', password: '\t\t\t\t\t\t' });
    expect(reset.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['password'], blankMessage],
    ]);
  });
});
