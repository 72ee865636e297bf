import { CheckCircle2, EyeOff, Flag, HandHeart, MessageCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  useAnswerPost,
  useHidePost,
  usePrayFor,
  useReplies,
  useReply,
  useReport,
  type GroupPost,
} from '#client/api/groups.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { messageOf, textareaClassName } from '#client/features/groups/components/fields.ts';
import { clockTime, formatDate } from '#client/lib/dates.ts';
import { notify } from '#client/lib/notify.ts';
import { loadedItems } from '#client/lib/pages.ts';
import { groupLimits } from '#shared/rules/groups.ts';

/** "Prayed by Ruth, Sam and 3 others" from the count and up to five names. */
export function prayedLine(count: number, names: readonly string[]): string {
  if (count === 0) return 'Nobody has prayed yet';
  if (names.length === 0) return `${count} ${count === 1 ? 'prayer' : 'prayers'}`;
  const others = count - names.length;
  const shown = names.slice(0, 2);
  const rest = others + (names.length - shown.length);
  if (rest <= 0) return `Prayed by ${shown.join(' and ')}`;
  return `Prayed by ${shown.join(', ')} and ${rest} ${rest === 1 ? 'other' : 'others'}`;
}

function when(iso: string): string {
  const date = new Date(iso);
  return `${formatDate(date, 'MMM d, yyyy')}, ${clockTime(date)}`;
}

/** A short form under a request: an encouragement, an update or how it was answered. */
function ShortForm({
  label,
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
  max,
}: {
  label: string;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (text: string, done: () => void) => void;
  onCancel: () => void;
  max: number;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    onSubmit(text, () => setText(''));
  };
  return (
    <form onSubmit={submit} className="mt-3 space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        rows={2}
        value={text}
        maxLength={max}
        onChange={(event) => setText(event.target.value)}
        className={textareaClassName}
        autoFocus
      />
      <p className="text-xs text-muted-foreground">
        {text.length} / {max} characters
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={isPending || text.trim() === ''}>
          {submitLabel}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function Replies({ groupId, postId }: { groupId: string; postId: string }) {
  const replies = useReplies(groupId, postId, true);
  const items = loadedItems(replies.data);
  if (replies.isPending) return <p className="mt-3 text-sm text-muted-foreground">Loading…</p>;
  if (items.length === 0) return null;
  return (
    <div className="mt-3 space-y-2">
      <ul className="space-y-2" aria-label="Encouragements and updates">
        {items.map((reply) => (
          <li
            key={reply.id}
            className={`rounded-xl bg-muted/60 px-3 py-2 text-sm ${reply.hidden ? 'opacity-60' : ''}`}
          >
            <span className="font-medium">{reply.author_name}</span>
            {reply.kind === 'update' ? (
              <span className="text-muted-foreground"> · Update</span>
            ) : null}
            {reply.hidden ? (
              <span className="text-muted-foreground"> · Hidden from the group</span>
            ) : null}
            <p className="mt-0.5 whitespace-pre-line">{reply.text}</p>
          </li>
        ))}
      </ul>
      {replies.hasNextPage ? (
        <Button
          size="sm"
          variant="outline"
          disabled={replies.isFetchingNextPage}
          onClick={() => void replies.fetchNextPage()}
        >
          Load more replies
        </Button>
      ) : null}
    </div>
  );
}

type Opened = 'none' | 'encourage' | 'update' | 'answer';

/** One request on the prayer wall, with what the asker may do with it. */
export function WallPost({
  post,
  groupId,
  isLeader,
}: {
  post: GroupPost;
  groupId: string;
  isLeader: boolean;
}) {
  const [opened, setOpened] = useState<Opened>('none');
  const [showReplies, setShowReplies] = useState(false);
  const pray = usePrayFor(groupId);
  const reply = useReply(groupId, post.id);
  const answer = useAnswerPost(groupId);
  const hide = useHidePost(groupId);
  const report = useReport(groupId);
  const firstWords = post.text.split(/\s+/).slice(0, 6).join(' ');
  const isRemoved = post.author === null && post.author_name === 'A former member';

  const sendReply = (kind: 'encouragement' | 'update') => (text: string, done: () => void) =>
    reply.mutate(
      { kind, text },
      {
        onSuccess: () => {
          done();
          setOpened('none');
          setShowReplies(true);
        },
        onError: (error) => notify.error('Not posted', messageOf(error, 'Please try again.')),
      },
    );

  return (
    <article
      className={`rounded-2xl border border-border bg-card p-4 shadow-xs sm:p-5 ${post.hidden ? 'opacity-70' : ''}`}
      aria-label={`Request from ${post.author_name}`}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-medium">
          {post.author_name}
          {post.is_anonymous && post.is_mine ? (
            <span className="text-sm font-normal text-muted-foreground"> · shared anonymously</span>
          ) : null}
        </p>
        <p className="text-xs text-muted-foreground">
          <time dateTime={post.created_at}>{when(post.created_at)}</time>
        </p>
      </header>
      {post.hidden ? (
        <p className="mt-1 flex items-center gap-1 text-xs text-muted-foreground">
          <EyeOff aria-hidden="true" className="size-3.5" /> Hidden from the group
        </p>
      ) : null}
      <p className={`mt-2 whitespace-pre-line ${isRemoved ? 'text-muted-foreground italic' : ''}`}>
        {post.text}
      </p>
      {post.answered_at ? (
        <p className="mt-3 flex items-start gap-2 rounded-xl bg-primary/10 px-3 py-2 text-sm">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>
            <span className="font-semibold">Answered</span>
            {post.answer_note ? `: ${post.answer_note}` : ''}
          </span>
        </p>
      ) : null}
      <p className="mt-3 text-sm text-muted-foreground">
        {prayedLine(post.prayed_count, post.prayed_names)}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {!post.hidden && !isRemoved ? (
          <Button
            size="sm"
            variant={post.prayed_by_me_today ? 'secondary' : 'primary'}
            aria-pressed={post.prayed_by_me_today}
            aria-label={`I prayed for “${firstWords}”`}
            disabled={post.prayed_by_me_today || pray.isPending}
            onClick={() => pray.mutate(post)}
          >
            <HandHeart aria-hidden="true" />
            {post.prayed_by_me_today ? 'Prayed today' : 'I prayed'}
          </Button>
        ) : null}
        {!post.hidden ? (
          <Button size="sm" variant="outline" onClick={() => setOpened('encourage')}>
            <MessageCircle aria-hidden="true" />
            Encourage
          </Button>
        ) : null}
        {post.reply_count > 0 ? (
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={showReplies}
            onClick={() => setShowReplies((shown) => !shown)}
          >
            {showReplies ? 'Hide replies' : `Replies (${post.reply_count})`}
          </Button>
        ) : null}
        {post.is_mine && !post.answered_at ? (
          <>
            <Button size="sm" variant="outline" onClick={() => setOpened('update')}>
              Post an update
            </Button>
            <Button size="sm" variant="outline" onClick={() => setOpened('answer')}>
              <CheckCircle2 aria-hidden="true" />
              Mark answered
            </Button>
          </>
        ) : null}
        {isLeader ? (
          <Button
            size="sm"
            variant="ghost"
            disabled={hide.isPending}
            onClick={() => hide.mutate({ postId: post.id, hidden: !post.hidden })}
          >
            <EyeOff aria-hidden="true" />
            {post.hidden ? 'Show to the group' : 'Hide'}
          </Button>
        ) : null}
        {!post.is_mine && !post.hidden ? (
          <Button
            size="sm"
            variant="ghost"
            disabled={report.isPending}
            onClick={() =>
              report.mutate(
                { post_id: post.id, reason: '' },
                {
                  onSuccess: () => notify.success('Reported to the group’s leaders.'),
                  onError: (error) => notify.error('Not reported', messageOf(error, '')),
                },
              )
            }
          >
            <Flag aria-hidden="true" />
            Report
          </Button>
        ) : null}
      </div>
      {opened === 'encourage' ? (
        <ShortForm
          label="Your encouragement"
          submitLabel="Post encouragement"
          max={groupLimits.reply}
          isPending={reply.isPending}
          onSubmit={sendReply('encouragement')}
          onCancel={() => setOpened('none')}
        />
      ) : null}
      {opened === 'update' ? (
        <ShortForm
          label="Your update"
          submitLabel="Post update"
          max={groupLimits.reply}
          isPending={reply.isPending}
          onSubmit={sendReply('update')}
          onCancel={() => setOpened('none')}
        />
      ) : null}
      {opened === 'answer' ? (
        <ShortForm
          label="How was it answered?"
          submitLabel="Mark answered"
          max={groupLimits.answerNote}
          isPending={answer.isPending}
          onSubmit={(text, done) =>
            answer.mutate(
              { postId: post.id, answer_note: text },
              {
                onSuccess: () => {
                  done();
                  setOpened('none');
                  notify.success('Marked answered');
                },
                onError: (error) => notify.error('Not saved', messageOf(error, '')),
              },
            )
          }
          onCancel={() => setOpened('none')}
        />
      ) : null}
      {showReplies ? <Replies groupId={groupId} postId={post.id} /> : null}
    </article>
  );
}
