import { HandHelping } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import {
  useCreateWallPost,
  useReports,
  useResolveReport,
  useSetHidden,
  useWallPosts,
} from '#client/api/group-wall.ts';
import { usePrayerList } from '#client/api/prayers.ts';
import { EmptyState } from '#client/components/empty-state.tsx';
import { LoadingState } from '#client/components/loading-state.tsx';
import { PagedList } from '#client/components/paged-list.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { textareaClassName } from '#client/components/ui/textarea-class.ts';
import { messageOf } from '#client/features/groups/components/fields.ts';
import { WallPost } from '#client/features/groups/components/wall-post.tsx';
import { notify } from '#client/lib/notify.ts';
import { loadedItems } from '#client/lib/pages.ts';
import { groupLimits } from '#shared/rules/groups.ts';
import type { Group } from '#shared/schemas/groups.ts';

const selectClassName =
  'block h-11 w-full rounded-xl border border-input bg-background px-3 text-base text-foreground shadow-xs focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none';

/** Share a request with the group: written here or chosen from my prayer list. */
function ShareForm({ groupId }: { groupId: string }) {
  const id = useId();
  const [source, setSource] = useState<'write' | 'list'>('write');
  const [text, setText] = useState('');
  const [prayerId, setPrayerId] = useState('');
  const [isAnonymous, setIsAnonymous] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const share = useCreateWallPost(groupId);
  const myPrayers = usePrayerList(false, { isEnabled: source === 'list' });
  const prayers = useMemo(() => loadedItems(myPrayers.data), [myPrayers.data]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (source === 'write' && text.trim() === '') {
      setError('Please write your request before sharing it.');
      return;
    }
    if (source === 'list' && prayerId === '') {
      setError('Choose a request from your prayer list.');
      return;
    }
    setError(null);
    share.mutate(
      source === 'write'
        ? { text, is_anonymous: isAnonymous }
        : { prayer_request_id: prayerId, is_anonymous: isAnonymous },
      {
        onSuccess: () => {
          setText('');
          setPrayerId('');
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
      noValidate
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-2xl border border-border bg-card p-4 sm:p-5"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        Share a prayer request
      </h3>
      <fieldset className="flex flex-wrap gap-x-5">
        <legend className="sr-only">Where the request comes from</legend>
        {(
          [
            ['write', 'Write one'],
            ['list', 'From my prayer list'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-source`}
              value={value}
              checked={source === value}
              onChange={() => {
                setSource(value);
                setError(null);
              }}
              className="size-5 accent-primary"
            />
            {label}
          </label>
        ))}
      </fieldset>
      {source === 'write' ? (
        <div className="space-y-1">
          <textarea
            id={id}
            aria-labelledby={`${id}-title`}
            rows={3}
            value={text}
            maxLength={groupLimits.post}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={error !== null}
            aria-describedby={`${id}-count`}
            className={textareaClassName}
          />
          <p id={`${id}-count`} className="text-xs text-muted-foreground">
            {text.length} / {groupLimits.post.toLocaleString('en-US')} characters
          </p>
        </div>
      ) : (
        <div className="space-y-1">
          <Label htmlFor={`${id}-prayer`}>My prayer list</Label>
          <select
            id={`${id}-prayer`}
            value={prayerId}
            onChange={(event) => setPrayerId(event.target.value)}
            className={selectClassName}
          >
            <option value="">
              {myPrayers.isPending
                ? 'Loading your prayer list…'
                : prayers.length === 0
                  ? 'Your prayer list has no open requests'
                  : 'Choose a request'}
            </option>
            {prayers.map((prayer) => (
              <option key={prayer.id} value={prayer.id}>
                {prayer.title}
              </option>
            ))}
          </select>
        </div>
      )}
      <label className="flex min-h-11 items-center gap-3 text-sm">
        <input
          type="checkbox"
          checked={isAnonymous}
          onChange={(event) => setIsAnonymous(event.target.checked)}
          className="size-5 shrink-0 accent-primary"
        />
        Share anonymously
      </label>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={share.isPending}>
        Share with the group
      </Button>
    </form>
  );
}

/** Leaders: what members reported, to hide or dismiss. */
function ReportsList({ groupId }: { groupId: string }) {
  const reports = useReports(groupId, { isEnabled: true });
  const resolve = useResolveReport(groupId);
  const hide = useSetHidden(groupId);
  const items = reports.data ?? [];
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby={`reports-${groupId}`}
      className="space-y-3 rounded-2xl border border-border p-4"
    >
      <h3 id={`reports-${groupId}`} className="font-semibold">
        Reported to leaders ({items.length})
      </h3>
      <ul className="space-y-3">
        {items.map((item) => (
          <li key={item.id} className="space-y-2 rounded-xl bg-muted/60 p-3 text-sm">
            <p className="whitespace-pre-line">“{item.text}”</p>
            {item.reason ? <p className="text-muted-foreground">Reason: {item.reason}</p> : null}
            <div className="flex flex-wrap gap-2">
              {item.post_id ? (
                <Button
                  size="sm"
                  className="h-11"
                  variant="outline"
                  disabled={hide.isPending}
                  onClick={() => {
                    if (!item.post_id) return;
                    hide.mutate(
                      { target: { postId: item.post_id }, hidden: true },
                      { onSuccess: () => resolve.mutate(item.id) },
                    );
                  }}
                >
                  Hide it
                </Button>
              ) : null}
              <Button
                size="sm"
                className="h-11"
                variant="ghost"
                disabled={resolve.isPending}
                onClick={() => resolve.mutate(item.id)}
              >
                Dismiss
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The group's prayer wall: the share form, leaders' reports and the requests, newest first. */
export function PrayerWall({ group }: { group: Group }) {
  const posts = useWallPosts(group.id);
  const items = useMemo(() => loadedItems(posts.data), [posts.data]);
  const isLeader = group.my_role !== 'member';
  return (
    <div className="space-y-4">
      <ShareForm groupId={group.id} />
      {isLeader ? <ReportsList groupId={group.id} /> : null}
      {posts.isPending ? (
        <LoadingState label="Loading the prayer wall..." />
      ) : items.length === 0 ? (
        <EmptyState
          icon={HandHelping}
          title="No requests yet"
          description="Share what is on your heart: your group will pray with you."
        >
          {null}
        </EmptyState>
      ) : (
        <PagedList
          items={items}
          getKey={(post) => post.id}
          estimateSize={240}
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
    </div>
  );
}
