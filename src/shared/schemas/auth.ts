import { z } from 'zod';

/** spec §5: at least 6 characters; we also cap the length (hashing cost) at 128. */
export const passwordMinLength = 6;
export const passwordMaxLength = 128;

export const emailSchema = z
  .string({ error: 'Enter your e-mail address.' })
  .trim()
  .toLowerCase()
  .min(1, 'Enter your e-mail address.')
  .max(254, 'That e-mail address is too long.')
  .pipe(z.email({ error: 'Enter a valid e-mail address.' }));

export const passwordSchema = z
  .string({ error: 'Enter a password.' })
  .min(passwordMinLength, `Password should be at least ${passwordMinLength} characters.`)
  .max(passwordMaxLength, `Password should be at most ${passwordMaxLength} characters.`);

export const displayNameSchema = z
  .string({ error: 'Enter your name.' })
  .trim()
  .min(1, 'Enter your name.')
  .max(80, 'Your name can be at most 80 characters.');

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

/** The signed-in user as the client sees it (spec §3 User: id, e-mail, metadata with full_name). */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string(),
  profile_image_url: z.string().nullable(),
  /** false for accounts created with Google that never set a password. */
  has_password: z.boolean(),
  providers: z.array(z.enum(['password', 'google'])),
  /** May approve or decline testimonies (MODERATOR_EMAILS, or granted with npm run grant-moderator). */
  is_moderator: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const authProvidersResponseSchema = z.object({ google: z.boolean() });
export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Where to go after signing in: only a path on this site, never another origin. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 2048) return '/';
  // Resolved as a browser resolves a Location header: tabs and newlines are dropped and '\' reads
  // as '/', so '/\t/evil.example' and '/\evil.example' both lead to another site. What comes back
  // is the normalised path, which never holds a character a header cannot carry.
  const base = 'http://return-path.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return '/';
  }
  if (url.origin !== base || url.pathname.startsWith('/auth')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
