import { useQueryClient } from '@tanstack/react-query';
import { HeartHandshake } from 'lucide-react';
import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  forgetGroup,
  useDeleteGroup,
  useGroup,
  useLeaveGroup,
  usePosts,
  useSharePost,
  type Group,
} from '#client/api/groups.ts';
import { EmptyState } from '#client/components/empty-state.tsx';
import { LoadingState } from '#client/components/loading-state.tsx';
import { PageShell } from '#client/components/page-shell.tsx';
import { PagedList } from '#client/components/paged-list.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { messageOf, textareaClassName } from '#client/features/groups/components/fields.ts';
import { GroupMembers } from '#client/features/groups/components/group-members.tsx';
import { WallPost } from '#client/features/groups/components/wall-post.tsx';
import { useGroupEvents } from '#client/features/groups/lib/use-group-events.ts';
import { notify } from '#client/lib/notify.ts';
import { loadedItems } from '#client/lib/pages.ts';
import { groupLimits } from '#shared/rules/groups.ts';

/** Share a request with the group, anonymously if chosen. */
function ShareForm({ groupId }: { groupId: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const [isAnonymous, setIsAnonymous] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const share = useSharePost(groupId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setError('Please write your request before sharing it.');
      return;
    }
    setError(null);
    share.mutate(
      { text, is_anonymous: isAnonymous },
      {
        onSuccess: () => {
          setText('');
          setIsAnonymous(false);
          notify.success('Request shared', 'Your group can pray with you now.');
        },
        onError: (failure) => setError(messageOf(failure, 'Your request could not be shared.')),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      className="space-y-3 rounded-2xl border border-border bg-card p-4 sm:p-5"
      noValidate
    >
      <Label htmlFor={id}>Share a prayer request</Label>
      <textarea
        id={id}
        rows={3}
        value={text}
        maxLength={groupLimits.post}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        className={textareaClassName}
      />
      <p className="text-xs text-muted-foreground">
        {text.length} / {groupLimits.post.toLocaleString('en-US')} characters
      </p>
      <label className="flex min-h-11 items-center gap-3 text-sm">
        <input
          type="checkbox"
          checked={isAnonymous}
          onChange={(event) => setIsAnonymous(event.target.checked)}
          className="size-5 accent-primary"
        />
        Share anonymously (the group sees “Someone in the group”)
      </label>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={share.isPending}>
        Share with the group
      </Button>
    </form>
  );
}

function PrayerWall({ group }: { group: Group }) {
  const posts = usePosts(group.id);
  const items = useMemo(() => loadedItems(posts.data), [posts.data]);
  const isLeader = group.my_role !== 'member';
  return (
    <section aria-labelledby="prayer-wall" className="space-y-4">
      <h2 id="prayer-wall" className="font-serif text-2xl font-semibold">
        Prayer wall
      </h2>
      <ShareForm groupId={group.id} />
      {posts.isPending ? (
        <LoadingState label="Loading the prayer wall..." />
      ) : items.length === 0 ? (
        <EmptyState
          icon={HeartHandshake}
          title="No requests yet"
          description="Share what is on your heart: your group will pray with you."
        >
          {null}
        </EmptyState>
      ) : (
        <PagedList
          items={items}
          getKey={(post) => post.id}
          estimateSize={220}
          gap={16}
          hasMore={posts.hasNextPage}
          isLoadingMore={posts.isFetchingNextPage}
          onLoadMore={() => {
            if (!posts.isFetchingNextPage) void posts.fetchNextPage();
          }}
          loadMoreLabel="Load more requests"
          listLabel="Prayer requests"
          renderItem={(post) => <WallPost post={post} groupId={group.id} isLeader={isLeader} />}
        />
      )}
    </section>
  );
}

/**
 * /groups/{id} (members): a private group's page (decision 028): its prayer wall and members,
 * kept current while open by the group's live stream.
 */
export function GroupPage() {
  const { id = '' } = useParams();
  const group = useGroup(id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const leave = useLeaveGroup(id);
  const remove = useDeleteGroup(id);
  const onRemoved = useCallback(() => {
    forgetGroup(queryClient, id);
    notify.info('You are no longer in this group.');
    void navigate('/groups', { replace: true });
  }, [id, navigate, queryClient]);
  const live = useGroupEvents(id, { onRemoved });

  if (group.isPending) {
    return (
      <PageShell title="Group" back={{ to: '/groups', label: 'Groups' }}>
        <LoadingState label="Loading the group..." />
      </PageShell>
    );
  }
  if (!group.data) {
    return (
      <PageShell title="Group" back={{ to: '/groups', label: 'Groups' }}>
        <p role="alert">{messageOf(group.error, 'That group was not found.')}</p>
      </PageShell>
    );
  }
  const data = group.data;
  const isOwner = data.my_role === 'owner';
  return (
    <PageShell
      title={data.name}
      subtitle={data.description || undefined}
      back={{ to: '/groups', label: 'Groups' }}
    >
      <p className="-mt-4 mb-8 text-sm text-muted-foreground">
        {data.member_count} {data.member_count === 1 ? 'member' : 'members'} · Private ·{' '}
        <span aria-live="polite">{live === 'live' ? 'Live' : 'Updating every 30 seconds'}</span>
      </p>
      <div className="space-y-10">
        <PrayerWall group={data} />
        <section aria-labelledby="group-members" className="space-y-4">
          <h2 id="group-members" className="font-serif text-2xl font-semibold">
            Members
          </h2>
          <GroupMembers group={data} />
        </section>
        <section className="flex flex-wrap gap-3 border-t border-border pt-6">
          {isOwner && data.member_count > 1 ? null : (
            <Button
              variant="outline"
              disabled={leave.isPending}
              onClick={() => {
                if (!window.confirm(`Leave ${data.name}?`)) return;
                leave.mutate(undefined, {
                  onSuccess: () => {
                    notify.success(`You left ${data.name}`);
                    void navigate('/groups', { replace: true });
                  },
                  onError: (error) => notify.error('Could not leave', messageOf(error, '')),
                });
              }}
            >
              Leave group
            </Button>
          )}
          {isOwner ? (
            <Button
              variant="outline"
              disabled={remove.isPending}
              onClick={() => {
                if (!window.confirm(`Delete ${data.name} and everything in it?`)) return;
                remove.mutate(undefined, {
                  onSuccess: () => {
                    notify.success(`${data.name} was deleted`);
                    void navigate('/groups', { replace: true });
                  },
                });
              }}
            >
              Delete group
            </Button>
          ) : null}
        </section>
      </div>
    </PageShell>
  );
}
