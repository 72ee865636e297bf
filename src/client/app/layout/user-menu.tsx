import { LogOut, Settings, ShieldCheck, StickyNote, Tags } from 'lucide-react';
import { Link } from 'react-router';
import { useSignOut } from '#client/api/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import { UserAvatar } from '#client/components/user-avatar.tsx';
import { greetingName } from '#client/lib/session.ts';
import type { SessionUser } from '#shared/schemas/auth.ts';

/** The member's own places, in the menu's order. */
const menuLinks = [
  { to: '/notes', label: 'Notes', Icon: StickyNote },
  { to: '/topics', label: 'Topics', Icon: Tags },
  { to: '/settings', label: 'Settings', Icon: Settings },
] as const;

/** product §2 layout: the signed-in user's name with Settings and Sign Out. */
export function UserMenu({ user }: { user: SessionUser }) {
  const name = greetingName(user);
  const signOut = useSignOut();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          aria-label={`Account menu for ${name}`}
          className="h-10 gap-2 px-1 sm:pr-3 sm:pl-1.5"
        >
          <UserAvatar user={user} />
          <span className="hidden max-w-40 truncate sm:inline">{name}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="flex items-center gap-3 normal-case tracking-normal">
          <UserAvatar user={user} />
          <span className="min-w-0">
            <span className="block truncate text-sm font-semibold text-foreground">{name}</span>
            <span className="block truncate text-xs font-normal text-muted-foreground">
              {user.email}
            </span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {menuLinks.map(({ to, label, Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
        {user.is_moderator ? (
          <DropdownMenuItem asChild>
            <Link to="/moderation">
              <ShieldCheck aria-hidden="true" />
              Moderation
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
          <LogOut aria-hidden="true" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
