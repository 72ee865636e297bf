import { Avatar } from 'radix-ui';
import type { SessionUser } from '../../../shared/schemas/auth.ts';
import { cn } from '../../lib/cn.ts';
import { greetingName } from '../../lib/session.ts';

/** Up to two letters: the first of the first and last word of the name. */
function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** The profile picture, or the initials while it loads or when there is none. */
export function UserAvatar({ user, className }: { user: SessionUser; className?: string }) {
  return (
    <Avatar.Root
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary text-xs font-semibold text-primary-foreground select-none',
        className,
      )}
    >
      {user.profile_image_url ? (
        <Avatar.Image
          src={user.profile_image_url}
          alt=""
          referrerPolicy="no-referrer"
          className="size-full object-cover"
        />
      ) : null}
      {/* Drawn by CSS like the picture it stands for, so the initials are no visible text
          missing from the menu button's name (WCAG 2.5.3 Label in Name). */}
      <Avatar.Fallback
        aria-hidden="true"
        data-initials={initials(greetingName(user))}
        className="before:content-[attr(data-initials)]"
      />
    </Avatar.Root>
  );
}
