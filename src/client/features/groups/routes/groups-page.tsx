import { UsersRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCreateGroup, useMyGroups } from '#client/api/groups.ts';
import { EmptyState } from '#client/components/empty-state.tsx';
import { LoadError } from '#client/components/load-error.tsx';
import { LoadingState } from '#client/components/loading-state.tsx';
import { PageShell } from '#client/components/page-shell.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { textareaClassName } from '#client/components/ui/textarea-class.ts';
import { messageOf } from '#client/features/groups/components/fields.ts';
import { notify } from '#client/lib/notify.ts';
import { groupLimits, groupRoleLabels } from '#shared/rules/groups.ts';

/** The form that makes a group; its maker owns it and lands on its page. */
function CreateGroupForm({ onCancel }: { onCancel?: () => void }) {
  const nameId = useId();
  const descriptionId = useId();
  const errorId = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateGroup();
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError('Please give the group a name.');
      return;
    }
    setError(null);
    create.mutate(
      { name, description },
      {
        onSuccess: (group) => {
          notify.success('Group created', `${group.name} is ready: invite people from its page.`);
          void navigate(`/groups/${group.id}`);
        },
        onError: (failure) => setError(messageOf(failure, 'The group could not be created.')),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="space-y-4 rounded-2xl border border-border bg-card p-5 shadow-xs"
      aria-labelledby={`${nameId}-heading`}
      noValidate
    >
      <h2 id={`${nameId}-heading`} className="font-serif text-xl font-semibold">
        Create a group
      </h2>
      <div className="space-y-1.5">
        <Label htmlFor={nameId}>Name</Label>
        <Input
          id={nameId}
          value={name}
          maxLength={groupLimits.name}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          autoComplete="off"
        />
        <p className="text-xs text-muted-foreground">
          {name.length} / {groupLimits.name} characters
        </p>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={descriptionId}>Description (optional)</Label>
        <textarea
          id={descriptionId}
          value={description}
          rows={3}
          maxLength={groupLimits.description}
          onChange={(event) => setDescription(event.target.value)}
          className={textareaClassName}
        />
        <p className="text-xs text-muted-foreground">
          {description.length} / {groupLimits.description} characters
        </p>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={create.isPending}>
          Create group
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * /groups (members): the person's private groups with their role, and a way to make one. A
 * group is joined by its invite link (decision 028).
 */
export function GroupsPage() {
  const groups = useMyGroups();
  const [isCreating, setIsCreating] = useState(false);

  let body;
  if (groups.isPending) {
    body = <LoadingState label="Loading your groups..." />;
  } else if (groups.data === undefined) {
    body = (
      <LoadError
        message="We couldn't load your groups."
        isRetrying={groups.isFetching}
        onRetry={() => void groups.refetch()}
      />
    );
  } else if (groups.data.items.length === 0) {
    body = isCreating ? (
      <CreateGroupForm onCancel={() => setIsCreating(false)} />
    ) : (
      <EmptyState
        icon={UsersRound}
        title="No groups yet"
        description="Make a private group to read a plan together and pray for one another, or open an invite link someone sent you."
      >
        <Button onClick={() => setIsCreating(true)}>Create a group</Button>
      </EmptyState>
    );
  } else {
    const atLimit = groups.data.items.length >= groupLimits.groupsPerPerson;
    body = (
      <div className="space-y-6">
        <ul className="space-y-3" aria-label="Your groups">
          {groups.data.items.map((group) => (
            <li key={group.id}>
              <Link
                to={`/groups/${group.id}`}
                className="block min-h-11 rounded-2xl border border-border bg-card p-4 shadow-xs transition-colors hover:bg-accent focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none"
              >
                <span className="block font-serif text-lg font-semibold">{group.name}</span>
                <span className="mt-1 block text-sm text-muted-foreground">
                  {groupRoleLabels[group.my_role]} · {group.member_count}{' '}
                  {group.member_count === 1 ? 'member' : 'members'}
                </span>
                {group.description ? (
                  <span className="mt-2 block text-sm">{group.description}</span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
        {atLimit ? (
          <p className="text-sm text-muted-foreground">
            You are in {groupLimits.groupsPerPerson} groups, the most one person can be in.
          </p>
        ) : isCreating ? (
          <CreateGroupForm onCancel={() => setIsCreating(false)} />
        ) : (
          <Button onClick={() => setIsCreating(true)}>Create a group</Button>
        )}
      </div>
    );
  }

  return (
    <PageShell title="Groups" subtitle="Read and pray together, privately">
      {body}
    </PageShell>
  );
}
