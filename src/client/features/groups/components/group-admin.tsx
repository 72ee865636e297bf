import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteGroup, useLeaveGroup, useRenameGroup, type Group } from '#client/api/groups.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { textareaClassName } from '#client/components/ui/textarea-class.ts';
import { messageOf } from '#client/features/groups/components/fields.ts';
import { notify } from '#client/lib/notify.ts';
import { groupLimits } from '#shared/rules/groups.ts';

/** The owner renames the group or changes its description. */
function RenameForm({ group }: { group: Group }) {
  const id = useId();
  const [name, setName] = useState(group.name);
  const [description, setDescription] = useState(group.description);
  const rename = useRenameGroup(group.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(
      { name, description },
      {
        onSuccess: () => notify.success('Group saved'),
        onError: (error) => notify.error('Not saved', messageOf(error, 'Please try again.')),
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="font-semibold">
        Name and description
      </h3>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-name`}>Group name</Label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={groupLimits.name}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-description`}>Group description</Label>
        <textarea
          id={`${id}-description`}
          rows={2}
          value={description}
          maxLength={groupLimits.description}
          onChange={(event) => setDescription(event.target.value)}
          className={textareaClassName}
        />
      </div>
      <Button type="submit" variant="outline" disabled={rename.isPending || name.trim() === ''}>
        Save name and description
      </Button>
    </form>
  );
}

/**
 * The group's own settings at the foot of Members: leave (everyone; the owner once alone, which
 * deletes it), and for the owner rename and delete. Leaving and deleting ask first, in place.
 */
export function GroupAdmin({ group }: { group: Group }) {
  const navigate = useNavigate();
  const leave = useLeaveGroup(group.id);
  const remove = useDeleteGroup(group.id);
  const [confirming, setConfirming] = useState<'leave' | 'delete' | null>(null);
  const isOwner = group.my_role === 'owner';
  const canLeave = !isOwner || group.member_count <= 1;

  const finish = (kind: 'leave' | 'delete') => {
    const mutation = kind === 'leave' ? leave : remove;
    mutation.mutate(undefined, {
      onSuccess: () => {
        notify.success(kind === 'leave' ? `You left ${group.name}` : `${group.name} was deleted`);
        void navigate('/groups', { replace: true });
      },
      onError: (error) => {
        setConfirming(null);
        notify.error('Not done', messageOf(error, 'Please try again.'));
      },
    });
  };

  return (
    <section
      aria-labelledby="group-admin-heading"
      className="space-y-6 border-t border-border pt-6"
    >
      <h3 id="group-admin-heading" className="font-serif text-xl font-semibold">
        Group settings
      </h3>
      {isOwner ? <RenameForm group={group} /> : null}
      {isOwner && !canLeave ? (
        <p className="text-sm text-muted-foreground">
          To leave, first pass the group on: make another member a leader, then the owner.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {confirming ? (
          <>
            <p role="alert" className="w-full text-sm">
              {confirming === 'leave'
                ? `Leave ${group.name}? You will need a new invite link to come back.`
                : `Delete ${group.name} and everything in it? This cannot be undone.`}
            </p>
            <Button
              type="button"
              onClick={() => finish(confirming)}
              disabled={leave.isPending || remove.isPending}
            >
              {confirming === 'leave' ? 'Leave' : 'Delete'}
            </Button>
            <Button type="button" variant="outline" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
          </>
        ) : (
          <>
            {canLeave ? (
              <Button type="button" variant="outline" onClick={() => setConfirming('leave')}>
                Leave the group
              </Button>
            ) : null}
            {isOwner ? (
              <Button type="button" variant="outline" onClick={() => setConfirming('delete')}>
                Delete the group
              </Button>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
