import { cn } from '#client/lib/cn.ts';
import { greetingName } from '#client/lib/session.ts';
import { profilePictureAt } from '#shared/rules/picture-size.ts';
import type { SessionUser } from '#shared/schemas/auth.ts';

/** Up to two letters: the first of the first and last word of the name. */
function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

type UserAvatarProps = {
  /** The session's user, or the profile (Settings shows the one it edits). */
  user: Pick<SessionUser, 'display_name' | 'email' | 'profile_image_url'>;
  /** The CSS pixels it is drawn at (the class sets the box): up to 32, the 64 px file is enough. */
  size?: number;
  className?: string;
};

/**
 * The profile picture over the initials: they show while it loads, and if it cannot (a picture
 * with alt="" that fails draws nothing). Plain markup, no script: Settings draws it in its
 * first load, which Radix's Avatar would have added 2.4 KB gzip to.
 */
export function UserAvatar({ user, size = 32, className }: UserAvatarProps) {
  return (
    <span
      className={cn(
        'relative inline-flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary text-xs font-semibold text-primary-foreground select-none',
        className,
      )}
    >
      {/* Drawn by CSS like the picture it stands for, so the initials are no visible text
          missing from the menu button's name (WCAG 2.5.3 Label in Name). */}
      <span
        aria-hidden="true"
        data-initials={initials(greetingName(user))}
        className="before:content-[attr(data-initials)]"
      />
      {user.profile_image_url ? (
        <img
          src={profilePictureAt(user.profile_image_url, size)}
          alt=""
          referrerPolicy="no-referrer"
          decoding="async"
          className="absolute inset-0 size-full object-cover"
        />
      ) : null}
    </span>
  );
}
