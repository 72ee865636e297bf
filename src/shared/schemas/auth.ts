export {
  authLimits,
  displayNameMaxLength,
  emailMaxLength,
  passwordMaxLength,
  passwordMinLength,
  safeReturnPath,
} from '#shared/rules/auth.ts';
import { z } from 'zod';
import {
  displayNameMaxLength,
  emailMaxLength,
  passwordMaxLength,
  passwordMinLength,
} from '#shared/rules/auth.ts';

export const emailSchema = z
  .string({ error: 'Enter your e-mail address.' })
  .trim()
  .toLowerCase()
  .min(1, 'Enter your e-mail address.')
  .max(emailMaxLength, 'That e-mail address is too long.')
  .pipe(z.email({ error: 'Enter a valid e-mail address.' }));

/**
 * Blank to a person: any Unicode space or line break (what String.prototype.trim removes, e.g.
 * tabs, no-break and ideographic spaces) and the zero-width characters.
 */
const blankText = /^[\s\u180e\u200b-\u200d\u2060]*$/u;

/**
 * Checked as typed, never trimmed: spaces around real characters are part of the password. One
 * that is only spaces is refused (docs/product.md §5; six spaces were once taken while 'abcdef' was not).
 */
export const passwordSchema = z
  .string({ error: 'Enter a password.' })
  .min(passwordMinLength, `Password should be at least ${passwordMinLength} characters.`)
  .max(passwordMaxLength, `Password should be at most ${passwordMaxLength} characters.`)
  .refine((password) => !blankText.test(password), 'Your password cannot be only spaces.');

export const displayNameSchema = z
  .string({ error: 'Enter your name.' })
  .trim()
  .min(1, 'Enter your name.')
  .max(displayNameMaxLength, `Your name can be at most ${displayNameMaxLength} characters.`);

export const signUpRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  display_name: displayNameSchema,
});
export type SignUpRequest = z.input<typeof signUpRequestSchema>;

export const signInRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(1024),
});
export type SignInRequest = z.input<typeof signInRequestSchema>;

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

export const passwordResetConfirmSchema = z.object({
  token: z.string().min(1, 'This reset link is incomplete.').max(200),
  password: passwordSchema,
});
export type PasswordResetConfirm = z.input<typeof passwordResetConfirmSchema>;

/** A reset link's token, looked at (not used) when the reset page opens. */
export const passwordResetCheckSchema = passwordResetConfirmSchema.pick({ token: true });
export type PasswordResetCheck = z.input<typeof passwordResetCheckSchema>;

/** The reset form: the new password twice (only the password is sent, with the link's token). */
export const newPasswordFormSchema = z
  .object({ password: passwordSchema, confirm: z.string() })
  .refine((value) => value.password === value.confirm, {
    path: ['confirm'],
    message: 'The passwords do not match.',
  });
export type NewPasswordForm = z.input<typeof newPasswordFormSchema>;

/** The ways to sign in to an account; Settings lists them and removes one, never the last. */
export const signInMethodSchema = z.enum(['password', 'google']);
export type SignInMethod = z.infer<typeof signInMethodSchema>;

/** The signed-in user as the client sees it (product §3 User: id, e-mail, metadata with full_name). */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string(),
  profile_image_url: z.string().nullable(),
  /** false for accounts created with Google that never set a password. */
  has_password: z.boolean(),
  providers: z.array(signInMethodSchema),
  /**
   * Whether the person proved the e-mail is theirs: by the link mailed after sign-up, a password
   * reset link, or Google. Settings shows a quiet 'Confirm your e-mail' reminder until then.
   */
  email_verified: z.boolean(),
  /** May approve or decline testimonies (MODERATOR_EMAILS, or granted with npm run grant-moderator). */
  is_moderator: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({
  user: /* @__PURE__ */ sessionUserSchema.nullable(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const authProvidersResponseSchema = z.object({ google: z.boolean() });
export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const emailConfirmationRequestSchema = z.object({
  token: z
    .string({ error: 'This confirmation link is incomplete.' })
    .min(1, 'This confirmation link is incomplete.')
    .max(200, 'This confirmation link is invalid or has expired.'),
});
export type EmailConfirmationRequest = z.input<typeof emailConfirmationRequestSchema>;

/**
 * Confirming needs the account's holder: signed in as it, or its password with the link (the
 * link alone shows only that the mailbox is the person's, not that the account is).
 */
export const emailConfirmationConfirmSchema = emailConfirmationRequestSchema.extend({
  password: z
    .string({ error: 'Enter your password.' })
    .min(1, 'Enter your password.')
    .max(1024)
    .optional(),
});
export type EmailConfirmationConfirm = z.input<typeof emailConfirmationConfirmSchema>;

/** Who the link is for, and whether this browser is signed in as that account. */
export const emailConfirmationLookupSchema = z.object({
  email: z.string(),
  signed_in_as: z.enum(['this-account', 'another-account', 'nobody']),
});
export type EmailConfirmationLookup = z.infer<typeof emailConfirmationLookupSchema>;
