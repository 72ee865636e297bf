import { ClipboardCopy, UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import {
  useChangeRole,
  useCreateInvite,
  useMembers,
  usePassOwnership,
  useRemoveMember,
  type Group,
  type GroupMember,
} from '#client/api/groups.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialogContent } from '#client/components/ui/confirm-dialog-content.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { messageOf } from '#client/features/groups/components/fields.ts';
import { notify } from '#client/lib/notify.ts';
import { loadedItems } from '#client/lib/pages.ts';
import { useSession } from '#client/lib/session.ts';
import { groupLimits, groupRoleLabels } from '#shared/rules/groups.ts';

/** Leaders: a new invite link, to copy and send. */
function InviteLink({ groupId }: { groupId: string }) {
  const daysId = useId();
  const usesId = useId();
  const [days, setDays] = useState(String(groupLimits.inviteDaysDefault));
  const [uses, setUses] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const create = useCreateInvite(groupId);
  const make = () =>
    create.mutate(
      { days: Number(days) || groupLimits.inviteDaysDefault, max_uses: uses ? Number(uses) : null },
      {
        onSuccess: (invite) => setLink(`${window.location.origin}${invite.url ?? ''}`),
        onError: (error) => notify.error('No link made', messageOf(error, 'Please try again.')),
      },
    );
  return (
    <section aria-labelledby={`${daysId}-heading`} className="space-y-3">
      <h3 id={`${daysId}-heading`} className="font-semibold">
        Invite people
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={daysId}>Link lasts (days)</Label>
          <Input
            id={daysId}
            type="number"
            min={1}
            max={groupLimits.inviteDaysMax}
            value={days}
            onChange={(event) => setDays(event.target.value)}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={usesId}>Uses (optional)</Label>
          <Input
            id={usesId}
            type="number"
            min={1}
            max={groupLimits.inviteUsesMax}
            value={uses}
            placeholder="No limit"
            onChange={(event) => setUses(event.target.value)}
          />
        </div>
      </div>
      <Button onClick={make} disabled={create.isPending}>
        <UserPlus aria-hidden="true" />
        Make an invite link
      </Button>
      {link ? (
        <div className="space-y-1.5">
          <Label htmlFor={`${usesId}-link`}>Invite link</Label>
          <div className="flex gap-2">
            <Input id={`${usesId}-link`} readOnly value={link} onFocus={(e) => e.target.select()} />
            <Button
              variant="outline"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(link)
                  .then(() => notify.success('Link copied'))
                  .catch(() => notify.info('Select the link and copy it.'))
              }
            >
              <ClipboardCopy aria-hidden="true" />
              Copy
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

/** The Members part of a group's page: everyone, a page at a time, and the leaders' tools. */
export function GroupMembers({ group }: { group: Group }) {
  const session = useSession();
  const members = useMembers(group.id);
  const remove = useRemoveMember(group.id);
  const changeRole = useChangeRole(group.id);
  const passOn = usePassOwnership(group.id);
  const items = loadedItems(members.data);
  const isOwner = group.my_role === 'owner';
  const [asking, setAsking] = useState<{ kind: 'remove' | 'owner'; member: GroupMember } | null>(
    null,
  );
  const isBusy = remove.isPending || passOn.isPending;
  const confirm = () => {
    if (!asking) return;
    const { kind, member } = asking;
    const done = { onSettled: () => setAsking(null) };
    if (kind === 'remove') {
      remove.mutate(member.user_id, {
        ...done,
        onSuccess: () => notify.success(`${member.display_name} was removed`),
        onError: (error) => notify.error('Not removed', messageOf(error, '')),
      });
    } else {
      passOn.mutate(member.user_id, {
        ...done,
        onSuccess: () => notify.success(`${member.display_name} now owns ${group.name}`),
        onError: (error) => notify.error('Not passed on', messageOf(error, '')),
      });
    }
  };
  const leads = isOwner || group.my_role === 'leader';

  return (
    <div className="space-y-6">
      {leads ? <InviteLink groupId={group.id} /> : null}
      <section aria-label="Members" className="space-y-3">
        <h3 className="font-semibold">
          {group.member_count} {group.member_count === 1 ? 'member' : 'members'}
        </h3>
        <ul className="divide-y divide-border rounded-2xl border border-border bg-card">
          {items.map((member) => {
            const isMe = member.user_id === session.user?.id;
            const canRemove =
              !isMe && member.role !== 'owner' && (isOwner || (leads && member.role === 'member'));
            return (
              <li key={member.user_id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">
                    {member.display_name}
                    {isMe ? ' (you)' : ''}
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {groupRoleLabels[member.role]}
                  </span>
                </span>
                {isOwner && !isMe && member.role !== 'owner' ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={changeRole.isPending}
                    onClick={() =>
                      changeRole.mutate({
                        userId: member.user_id,
                        role: member.role === 'leader' ? 'member' : 'leader',
                      })
                    }
                  >
                    {member.role === 'leader' ? 'Make member' : 'Make leader'}
                    <span className="sr-only"> {member.display_name}</span>
                  </Button>
                ) : null}
                {isOwner && member.role === 'leader' ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={passOn.isPending}
                    onClick={() => setAsking({ kind: 'owner', member })}
                  >
                    Make owner<span className="sr-only"> {member.display_name}</span>
                  </Button>
                ) : null}
                {canRemove ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={remove.isPending}
                    onClick={() => setAsking({ kind: 'remove', member })}
                  >
                    Remove<span className="sr-only"> {member.display_name}</span>
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
        <Dialog
          open={asking !== null}
          onOpenChange={(open) => {
            if (!open && !isBusy) setAsking(null);
          }}
        >
          {asking ? (
            <ConfirmDialogContent
              title={
                asking.kind === 'remove'
                  ? `Remove ${asking.member.display_name}?`
                  : `Pass ${group.name} on?`
              }
              description={
                asking.kind === 'remove'
                  ? `${asking.member.display_name} will no longer see ${group.name}. They need a new invite link to come back.`
                  : `${asking.member.display_name} will own ${group.name}; you will stay as a leader.`
              }
              confirmLabel={asking.kind === 'remove' ? 'Remove' : 'Pass it on'}
              isPending={isBusy}
              onConfirm={confirm}
            />
          ) : null}
        </Dialog>
        {members.hasNextPage ? (
          <Button
            variant="outline"
            disabled={members.isFetchingNextPage}
            onClick={() => void members.fetchNextPage()}
          >
            Load more members
          </Button>
        ) : null}
      </section>
    </div>
  );
}
